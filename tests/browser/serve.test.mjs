// `speedlab serve` in a real browser: seeds 000 and 004, a machine whose
// md5 at 8192 bytes fell by a fifth between two releases, and a run labelled
// whose machine is named with markup, served on a free port and opened in Debian's chromium.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { assertFiguresEqualJson, launch, openUrl, runId, scratch, screenshotDir, speedlab, startServer, stopServer, testData } from './support.mjs';

// Labels refuse markup (docs/cli.md, names); a machine's name may hold it.
const HOSTILE_NAME = '<script>alert(1)</script>';
// lab1: 60 nights measured at 2% noise (a seeded generator), md5 at 8192
// bytes 10% slower from night 31 on, and a new build from night 46 on that is
// 15% faster: one change inside the first build, none across builds.
function labBundle() {
    let seed = 35;
    const uniform = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
    const gauss = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const runs = [];
    for (let n = 0; n < 60; n++) {
        const day = new Date(Date.UTC(2026, 8, 1 + n, 3)).toISOString().replace('.000Z', 'Z');
        const value = 600e6 * (n >= 30 ? 0.9 : 1) * (n >= 45 ? 1.15 : 1) * Math.exp(0.02 * gauss());
        runs.push({
            label: `lab1 night ${n + 1}`, when: day, source: 'measured', program: 'speedlab 0.1.0',
            version: n >= 45 ? 'libcrypto 3.5.0' : 'libcrypto 3.0.13', timing: 'user_cpu',
            machine: { label: 'lab1', hostname: 'lab1' },
            measurements: [{ algorithm: 'md5', operation: 'throughput', parameter: 8192, value }],
        });
    }
    return JSON.stringify({ format: 'speedlab-bundle', version: 1, runs });
}

let work, browser, server, base, ids;

before(async () => {
    work = scratch();
    speedlab(work.db, 'import', join(testData, 'seed000-redhat73-pcem.txt'), join(testData, 'seed004-athlon-p3.txt'));
    writeFileSync(join(work.dir, 'lab.json'), labBundle());
    speedlab(work.db, 'import', join(work.dir, 'lab.json'));
    ids = {
        tilia: runId(work.db, 'tilia rh73 0.9.6b'),
        pcem: runId(work.db, 'p-rh73 rh73 0.9.6b engine #2'),
        asm: runId(work.db, 'p-rh73 rh73 0.9.6b asm'),
    };
    speedlab(work.db, 'edit', String(ids.asm), '--machine', HOSTILE_NAME);
    const started = await startServer(work.db);
    server = started.child;
    base = started.url;
    browser = await launch();
});

after(async () => {
    await browser?.close();
    const code = await stopServer(server);
    if (code !== null) assert.equal(code, 0, 'Ctrl-C stops speedlab serve with exit 0');
    work?.remove();
});

async function withPage(path, width, check) {
    const { page, seen, response } = await openUrl(browser, base + path, width);
    try {
        return await check(page, seen, response);
    } finally {
        await page.close();
    }
}

const pagePaths = () => ({
    runs: '/',
    run: `/run/${ids.tilia}`,
    compare: `/compare?runs=${ids.tilia},${ids.pcem},${ids.asm}`,
    machines: '/machines',
    machine: '/machine/lab1',
    filtered: '/?machine=p-*&sort=label',
});

test('filtering the run list changes the URL, and a reload shows the same view', async () => {
    await withPage('/', 1400, async (page) => {
        await page.fill('form.filters input[name=machine]', 'tilia');
        await Promise.all([page.waitForURL(/machine=tilia/), page.click('form.filters button[type=submit]')]);
        const view = () => page.evaluate(() => ({
            count: document.querySelector('#count').textContent,
            ids: [...document.querySelectorAll('table.list input[name=runs]')].map((i) => Number(i.value)),
            machine: document.querySelector('form.filters input[name=machine]').value,
        }));
        const shown = await view();
        const listed = JSON.parse(speedlab(work.db, 'list', '--machine', 'tilia', '--format', 'json')).map((r) => r.id).reverse();
        assert.deepEqual(shown.ids, listed);
        assert.equal(shown.machine, 'tilia');
        assert.match(page.url(), /[?&]machine=tilia/);
        await page.reload();
        assert.deepEqual(await view(), shown);
    });
});

test('the figures on a compare page equal speedlab compare --format json', async () => {
    const three = [ids.tilia, ids.pcem, ids.asm].map(String);
    const json = JSON.parse(speedlab(work.db, 'compare', ...three, '--format', 'json'));
    await withPage(`/compare?runs=${three.join(',')}`, 1400, async (page) => {
        assert.equal(await page.textContent('#cli'), `speedlab compare ${three.join(' ')}`);
        const rows = await page.evaluate(() =>
            [...document.querySelectorAll('.wide table:not(#facts-diff) tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
        const byMetric = new Map(rows.slice(1).map((r) => [r[0], r.slice(1)]));
        const checked = assertFiguresEqualJson(assert, byMetric, json);
        assert.ok(checked >= 150, `${checked} figures checked`);
        assert.ok(await page.locator('#facts-diff th.differs').count() >= 1);
    });
});

test("a machine's history rings the change inside a build, and none across builds", async () => {
    await withPage('/machine/lab1', 1400, async (page) => {
        assert.equal(await page.textContent('#changes'), '1 change');
        const ringed = await page.evaluate(() =>
            [...document.querySelectorAll('circle.change')].map((c) => c.closest('svg').getAttribute('aria-label')));
        assert.equal(ringed.length, 2);
        assert.match(ringed[0], /^All builds: geometric mean of 1 shared figures$/);
        assert.equal(ringed[1], 'md5@8192');
        const tip = await page.evaluate(() =>
            [...document.querySelectorAll('circle.change')][1].nextElementSibling.querySelector('title').textContent);
        assert.match(tip, /^run \d+ lab1 night 31 \(libcrypto 3\.0\.13, 2026-10-01\): .*; change -\d+\.\d% \[/);
        const legend = await page.evaluate(() =>
            [...document.querySelectorAll('figure.chart')].at(-1).querySelector('figcaption').textContent);
        assert.match(legend, /libcrypto 3\.0\.13.*libcrypto 3\.5\.0/);
        await page.screenshot({ path: join(screenshotDir, 'serve-machine-history-1400.png'), fullPage: true });
    });
});

test('no console errors, and no request outside the server', async () => {
    for (const [name, path] of Object.entries(pagePaths()))
        await withPage(path, 1400, async (page, seen, response) => {
            assert.equal(response.status(), 200, name);
            assert.deepEqual(seen.consoleErrors, [], name);
            assert.deepEqual(seen.pageErrors, [], name);
            assert.deepEqual(seen.failed, [], name);
            for (const url of seen.requests) assert.ok(url.startsWith(base), `${name} asked for ${url}`);
        });
    await withPage('/machine/lab2', 1400, async (page, seen, response) => {
        assert.equal(response.status(), 404);
        assert.equal(await page.getAttribute('#closest a', 'href'), '/machine/lab1');
    });
});

test('hostile names appear as text and never run', async () => {
    for (const path of ['/', `/run/${ids.asm}`, `/compare?runs=${ids.tilia},${ids.asm}`])
        await withPage(path, 1400, async (page, seen) => {
            assert.deepEqual(seen.dialogs, [], path);
            assert.ok((await page.textContent('body')).includes(HOSTILE_NAME), path);
            assert.equal(await page.locator('script').count(), 0, path);
        });
});

test('screenshots at 1400 and 800 px; nothing overflows sideways at 800', async () => {
    for (const [name, path] of Object.entries(pagePaths()))
        for (const width of [1400, 800])
            await withPage(path, width, async (page) => {
                await page.screenshot({ path: join(screenshotDir, `serve-${name}-${width}.png`), fullPage: true });
                if (width === 800) {
                    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
                    assert.ok(wide <= 800, `${name} is ${wide} px wide at 800`);
                }
            });
});
