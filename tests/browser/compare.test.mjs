// The served compare page in a real browser, at 3 and 24 runs: every run in
// the machines' facts at 1400 px, the NO_ASM and asm builds told apart in the
// headers, the baseline the user picks honoured; a run page's suggestions.
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { launch, openUrl, runId, scratch, screenshotDir, speedlab, startServer, stopServer, testData } from './support.mjs';

const LOCAL = 'OpenSSL 3.0.2 15 Mar 2022\n' +
    'type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n' +
    'md5             50000.00k   150000.00k   350000.00k   500000.00k   600000.00k   610000.00k\n';

let work, browser, server, base, all, ids;

before(async () => {
    work = scratch();
    // seed 003 is a table of ratios, which import refuses.
    const seeds = readdirSync(testData).filter((f) => /^seed\d+.*\.txt$/.test(f) && !f.startsWith('seed003')).sort();
    speedlab(work.db, 'import', ...seeds.map((f) => join(testData, f)));
    writeFileSync(join(work.dir, 'local.txt'), LOCAL);
    speedlab(work.db, 'import', '--machine', 'lab1', join(work.dir, 'local.txt'));
    all = JSON.parse(speedlab(work.db, 'list', '--limit', '0', '--format', 'json')).map((r) => r.id);
    ids = {
        tilia: runId(work.db, 'tilia rh73 0.9.6b'),
        noAsm: runId(work.db, 'p-rh73 rh73 0.9.6b engine #2'),
        asm: runId(work.db, 'p-rh73 rh73 0.9.6b asm'),
    };
    ({ child: server, url: base } = await startServer(work.db));
    browser = await launch();
});

after(async () => {
    await browser?.close();
    await stopServer(server);
    work?.remove();
});

async function withPage(path, width, check) {
    const { page, seen, response } = await openUrl(browser, base + path, width);
    try {
        assert.equal(response.status(), 200, path);
        assert.deepEqual(seen.consoleErrors, [], path);
        return await check(page);
    } finally {
        await page.close();
    }
}

const three = () => [ids.tilia, ids.noAsm, ids.asm];

// Each row of the facts table: its run's id and whether its last cell lies
// inside the viewport and inside the table's box.
const factsRows = (page) => page.evaluate(() => {
    const box = document.querySelector('#facts-diff').closest('.wide').getBoundingClientRect();
    return [...document.querySelectorAll('#facts-diff tr[data-run]')].map((tr) => {
        const last = tr.lastElementChild.getBoundingClientRect();
        return { run: Number(tr.dataset.run), seen: last.right <= Math.min(box.right, window.innerWidth) + 1 && last.width > 0 };
    });
});

test('every run is whole in the facts table at 1400 px, at 3 and at 24 runs', async () => {
    assert.equal(all.length, 24, 'the seeds and one local run');
    for (const runs of [three(), all])
        await withPage(`/compare?runs=${runs.join(',')}`, 1400, async (page) => {
            const rows = await factsRows(page);
            assert.deepEqual(rows.map((r) => r.run), runs);
            for (const r of rows) assert.ok(r.seen, `run ${r.run}'s facts are cut off at 1400 px`);
            const compiler = await page.locator('#facts-diff th', { hasText: 'build' }).count();
            assert.equal(compiler, 1, 'the compiler flags are among the facts');
        });
});

test('the headers name the NO_ASM and the asm build apart', async () => {
    for (const runs of [three(), all])
        await withPage(`/compare?runs=${runs.join(',')}`, 1400, async (page) => {
            const header = await page.evaluate(() =>
                [...document.querySelector('.wide table:not(#facts-diff) tr').children].slice(1).map((c) => c.textContent));
            assert.equal(header.length, runs.length);
            assert.equal(new Set(header).size, header.length, `headers repeat: ${header}`);
            const noAsm = header[runs.indexOf(ids.noAsm)], asm = header[runs.indexOf(ids.asm)];
            assert.match(noAsm, /engine #2/);
            assert.match(asm, /asm/);
        });
});

test('the first run is the baseline until the user picks another, by a link', async () => {
    const runs = three();
    await withPage(`/compare?runs=${runs.join(',')}`, 1400, async (page) => {
        assert.match(await page.textContent('#baselines b'), new RegExp(`^${runs[0]} `));
        assert.match(await page.textContent('#cli'), new RegExp(`^speedlab compare ${runs.join(' ')}$`));
        await Promise.all([page.waitForURL(/base=/), page.click(`#baselines a[href*="base=${ids.asm}"]`)]);
        assert.match(await page.textContent('#baselines b'), new RegExp(`^${ids.asm} `));
        assert.match(await page.textContent('#cli'), new RegExp(`--baseline ${ids.asm}$`));
        const header = await page.evaluate(() =>
            [...document.querySelector('.wide table:not(#facts-diff) tr').children].map((c) => c.textContent));
        assert.match(header[1 + runs.indexOf(ids.asm)], /\(baseline\)$/);
        assert.equal(header.filter((h) => h.endsWith('(baseline)')).length, 1);
        const json = JSON.parse(speedlab(work.db, 'compare', ...runs.map(String), '--baseline', String(ids.asm), '--format', 'json'));
        assert.match(json.baseline, new RegExp(`^${ids.asm} `));
    });
});

test("a run page suggests runs that share figures, each a comparison that works", async () => {
    for (const id of [ids.tilia, ids.asm, all[all.length - 1]])
        await withPage(`/run/${id}`, 1400, async (page) => {
            const hrefs = await page.evaluate(() => [...document.querySelectorAll('#suggestions a')].map((a) => a.getAttribute('href')));
            for (const href of hrefs) {
                const { page: p, response } = await openUrl(browser, base + href, 1400);
                assert.equal(response.status(), 200, `${href} from run ${id}`);
                await p.close();
            }
            if (id === ids.tilia) assert.ok(hrefs.length >= 1, 'tilia gets a suggestion');
            if (id === ids.asm) assert.ok(hrefs[0].includes(String(ids.noAsm)) || hrefs.length > 1, 'the same machine first');
        });
});

test('screenshots at 1400 and 800 px; list tables scroll inside their box at 800', async () => {
    const paths = {
        'compare-3': `/compare?runs=${three().join(',')}`,
        'compare-24': `/compare?runs=${all.join(',')}`,
        run: `/run/${ids.tilia}`,
        runs: '/',
        machines: '/machines',
    };
    for (const [name, path] of Object.entries(paths))
        for (const width of [1400, 800])
            await withPage(path, width, async (page) => {
                await page.screenshot({ path: join(screenshotDir, `compare-${name}-${width}.png`), fullPage: true });
                const wide = await page.evaluate(() => document.documentElement.scrollWidth);
                assert.ok(wide <= width, `${name} is ${wide} px wide at ${width}`);
            });
    for (const path of ['/', '/machines'])
        await withPage(path, 800, async (page) => {
            const box = await page.evaluate(() => {
                const w = document.querySelector('.wide');
                return { scrolls: w.scrollWidth > w.clientWidth, overflow: getComputedStyle(w).overflowX, cue: getComputedStyle(w, '::before').content };
            });
            assert.equal(box.overflow, 'auto', path);
            if (box.scrolls) assert.match(box.cue, /scroll sideways/, `${path}: no cue that the list scrolls`);
        });
});
