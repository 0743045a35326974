// The /reference page of `speedlab publish` in a real browser: the shipped
// reference set's machines by year, with seed 000's runs drawn over them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { launch, open, scratch, screenshotDir, speedlab, testData } from './support.mjs';

let work, browser, file, listed;

before(async () => {
    work = scratch();
    speedlab(work.db, 'import', join(testData, 'seed000-redhat73-pcem.txt'));
    const site = join(work.dir, 'site');
    speedlab(work.db, 'publish', site);
    file = join(site, 'reference.html');
    listed = JSON.parse(speedlab(work.db, 'reference', 'list', '--format', 'json'));
    browser = await launch();
});

after(async () => {
    await browser?.close();
    work?.remove();
});

async function withPage(width, check) {
    const { page, seen } = await open(browser, file, width);
    try {
        return await check(page, seen);
    } finally {
        await page.close();
    }
}

test('every point names its CPU and its source on hover', async () => {
    await withPage(1400, async (page, seen) => {
        const titles = await page.evaluate(() =>
            [...document.querySelectorAll('svg circle.ref')].map((c) => c.querySelector('title')?.textContent ?? ''));
        assert.ok(titles.length >= 40, `${titles.length} reference points`);
        const cpus = new Set(listed.map((r) => r.cpu));
        const sources = new Set(listed.map((r) => r.citation.source));
        for (const t of titles) {
            assert.ok([...cpus].some((c) => t.startsWith(c)), `no CPU in "${t}"`);
            const source = /; source: (\S+) \(/.exec(t)?.[1];
            assert.ok(sources.has(source), `no source in "${t}"`);
        }
        const own = await page.locator('svg circle.own title').allTextContents();
        assert.ok(own.length >= 3, `${own.length} of seed 000's runs drawn`);
        assert.ok(own.every((t) => t.startsWith('your run ')));
        assert.deepEqual([seen.consoleErrors, seen.pageErrors, seen.dialogs], [[], [], []]);
        const rows = await page.locator('table#reference tr').count();
        assert.equal(rows - 1, listed.length);
    });
});

test('screenshots at 1400 and 800 px; nothing overflows sideways at 800', async () => {
    for (const width of [1400, 800])
        await withPage(width, async (page) => {
            await page.screenshot({ path: join(screenshotDir, `reference-${width}.png`), fullPage: false });
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(overflow <= 0, `${overflow} px wider than the window at ${width}`);
        });
});
