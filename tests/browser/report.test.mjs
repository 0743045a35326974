// The HTML report of `speedlab compare -o report.html` in a real browser:
// seed 000's runs (tilia against PCem, and PCem's two builds side by side)
// opened in Debian's chromium through playwright-core.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { assertFiguresEqualJson, launch, open, parseFigure, runId, scratch, screenshotDir, speedlab, testData } from './support.mjs';

const HOSTILE_MACHINE = '<svg onload=alert(2)>';

let work, browser;
const pages = {};  // name -> { file, ids }

before(async () => {
    work = scratch();
    const seed = join(testData, 'seed000-redhat73-pcem.txt');
    speedlab(work.db, 'import', seed);
    // The same text again, one of its runs moved to a machine named with markup
    // a page must not run (labels refuse markup).
    speedlab(work.db, 'import', '--again', '--label', 'copy', seed);
    const copy = runId(work.db, 'copy-2');
    speedlab(work.db, 'edit', String(copy), '--machine', HOSTILE_MACHINE);
    const tilia = runId(work.db, 'tilia rh73 0.9.6b');
    const pcem = runId(work.db, 'p-rh73 rh73 0.9.6b engine #2');
    const asm = runId(work.db, 'p-rh73 rh73 0.9.6b asm');
    const made = { pair: [tilia, pcem], three: [tilia, pcem, asm], hostile: [tilia, copy, asm] };
    for (const [name, ids] of Object.entries(made)) {
        const file = join(work.dir, `${name}.html`);
        speedlab(work.db, 'compare', ...ids.map(String), '-o', file);
        pages[name] = { file, ids };
    }
    browser = await launch();
});

after(async () => {
    await browser?.close();
    work?.remove();
});

// Each report at a width, closed after `check` whatever it asserts.
async function withPage(name, width, check) {
    const { page, seen } = await open(browser, pages[name].file, width);
    try {
        return await check(page, seen);
    } finally {
        await page.close();
    }
}

test('the verdict summary comes first, above every table and chart', async () => {
    for (const name of Object.keys(pages))
        await withPage(name, 1400, async (page) => {
            const order = await page.evaluate(() => {
                const summary = document.querySelector('section.summary');
                const after = [...document.querySelectorAll('table, figure, .charts, .ratios')];
                const top = (e) => e.getBoundingClientRect().top + window.scrollY;
                return {
                    firstAfterTitle: document.querySelector('h1').nextElementSibling?.outerHTML.slice(0, 80),
                    summaryBottom: summary.getBoundingClientRect().bottom + window.scrollY,
                    laterInDom: after.every((e) => summary.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING),
                    firstOtherTop: Math.min(...after.map(top)),
                    others: after.length,
                };
            });
            assert.match(order.firstAfterTitle, /^<section class="summary"><h2>Summary: against run 7 tilia/, name);
            assert.ok(order.others >= 3, `${name}: ${order.others} tables and charts`);
            assert.ok(order.laterInDom, `${name}: a table or chart comes before the summary`);
            assert.ok(order.summaryBottom <= order.firstOtherTop, `${name}: ${JSON.stringify(order)}`);
        });
});

test('self-contained: no console error, no request but the page itself', async () => {
    for (const name of Object.keys(pages))
        for (const width of [1400, 800])
            await withPage(name, width, async (page, seen) => {
                await page.mouse.move(400, 300);  // hovering loads nothing either
                assert.deepEqual(seen.consoleErrors, [], name);
                assert.deepEqual(seen.pageErrors, [], name);
                assert.deepEqual(seen.failed, [], name);
                assert.deepEqual(seen.requests, ['file://' + pages[name].file], name);
                const external = await page.evaluate(() =>
                    [...document.querySelectorAll('[src], link[href], image, use')].map((e) => e.outerHTML));
                assert.deepEqual(external, [], name);
            });
});

// Per chart with a y axis: the values its points name, its tick labels and positions.
function chartAxes(page) {
    return page.evaluate(() =>
        [...document.querySelectorAll('figure.chart > svg')].flatMap((svg) => {
            const label = [...svg.querySelectorAll('text.axis')].find((t) => t.getAttribute('transform'));
            if (!label) return [];  // the ratio chart: a log axis of ratios, always
            const ticks = [...svg.querySelectorAll('text.tick[text-anchor="end"]')].map((t) => ({
                // "12k" on a log axis's base unit, "350" on a linear one
                value: Number(t.textContent.replace(/[kMG]$/, '')) * ({ k: 1e3, M: 1e6, G: 1e9 }[t.textContent.at(-1)] ?? 1),
                y: Number(t.getAttribute('y')),
            }));
            const values = [...svg.querySelectorAll('title')].map((t) => Number(/: ([\d.]+)/.exec(t.textContent)[1]));
            return [{ title: svg.querySelector('text.title').textContent, axis: label.textContent, ticks, values }];
        }));
}

test('charts use a log axis exactly when their values span more than 10x', async () => {
    const charts = await withPage('three', 1400, (page) => chartAxes(page));
    let logs = 0, linears = 0;
    for (const c of charts) {
        const span = Math.max(...c.values) / Math.min(...c.values);
        if (span > 9.9 && span < 10.1) continue;  // the printed digits cannot tell
        const log = c.axis.endsWith('(log scale)');
        assert.equal(log, span > 10, `${c.title}: span ${span.toFixed(2)}, axis "${c.axis}"`);
        // Ticks are placed by log10(value) on a log axis, by value on a linear one.
        const at = (v) => (log ? Math.log10(v) : v);
        const [a, b] = [c.ticks[0], c.ticks.at(-1)];
        for (const t of c.ticks) {
            const want = a.y + ((at(t.value) - at(a.value)) / (at(b.value) - at(a.value))) * (b.y - a.y);
            assert.ok(Math.abs(t.y - want) < 0.2, `${c.title}: tick ${t.value} at y ${t.y}, want ${want.toFixed(1)}`);
        }
        log ? logs++ : linears++;
    }
    // Seed 000's full tables: md5 from 8 to 8192 bytes spans more than 10x, rc4 does not.
    assert.ok(charts.find((c) => c.title === 'md5').axis.endsWith('(log scale)'));
    assert.equal(charts.find((c) => c.title === 'rc4').axis, 'MB/s');
    assert.ok(logs >= 5 && linears >= 5, `${logs} log and ${linears} linear axes`);
});

test('at 800 px nothing overflows sideways', async () => {
    for (const name of Object.keys(pages))
        await withPage(name, 800, async (page) => {
            const m = await page.evaluate(() => ({
                scrollWidth: document.documentElement.scrollWidth,
                innerWidth,
                // wide tables scroll inside their own box, nothing else sticks out
                outside: [...document.body.querySelectorAll('*')]
                    .filter((e) => !e.closest('.wide, details:not([open])'))
                    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
                    .map((e) => e.tagName + '.' + e.className),
                charts: [...document.querySelectorAll('figure.chart > svg')].map((s) => s.getBoundingClientRect().width),
            }));
            assert.ok(m.scrollWidth <= m.innerWidth, `${name}: scrollWidth ${m.scrollWidth} > ${m.innerWidth}`);
            assert.deepEqual(m.outside, [], name);
            assert.ok(m.charts.every((w) => w >= 300), `${name}: chart widths ${m.charts}`);
        });
});

// A chart's point: "3 p-rh73 asm: 13.5 MB/s at 8192 bytes"; a bar: "3 p-rh73 asm: 11.48/s verify".
const TIP = /^(\d+) .*: (\S+ ?\S*\/s) (?:at (\d+) bytes|(\w+))$/;

test('every chart point carries its figure as hover text, and is under the pointer', async () => {
    const json = JSON.parse(speedlab(work.db, 'compare', ...pages.three.ids.map(String), '--format', 'json'));
    const value = (metric, id) =>
        json.rows.find((r) => r.metric === metric)?.values.find((v) => v.run.startsWith(`${id} `))?.value;
    await withPage('three', 1400, async (page) => {
        const charts = await page.evaluate(() =>
            [...document.querySelectorAll('.charts figure.chart > svg')].map((svg) => {
                const bars = !svg.textContent.includes('block size');
                // points of a throughput chart; bars (not the marker on top) of a public-key one
                const marks = [...svg.querySelectorAll(bars ? 'rect:not(.mk)' : '.mk')];
                return { title: svg.querySelector('text.title').textContent, tips: marks.map((m) => m.querySelector('title')?.textContent ?? null) };
            }));
        assert.ok(charts.length >= 15, `${charts.length} charts`);
        let checked = 0;
        for (const c of charts)
            for (const tip of c.tips) {
                const m = TIP.exec(tip ?? '');
                assert.ok(m, `${c.title}: a mark without a figure in its title: ${tip}`);
                const metric = m[3] ? `${c.title}@${m[3]}` : `${c.title}.${m[4]}`;
                const want = value(metric, m[1]), shown = parseFigure(m[2]);
                assert.ok(Math.abs(shown.value - want) <= shown.halfStep * 1.0001, `${tip}: JSON ${metric} ${want}`);
                checked++;
            }
        assert.equal(charts.find((c) => c.title === 'md5').tips.length, 11, 'md5: PCem builds at 5 sizes, tilia at 8192 bytes');
        assert.ok(charts.find((c) => c.title === 'md5').tips.includes('3 p-rh73 asm: 13.5 MB/s at 8192 bytes'), charts.find((c) => c.title === 'md5').tips.join(' / '));
        assert.ok(checked >= 100, `${checked} titles checked`);
        // The browser shows a title on hover when the point is what the pointer
        // hits; a point may hide under another run's point, never under anything else.
        const hits = await pointsUnderPointer(page, 'md5');
        assert.deepEqual(hits.filter((h) => !h.hit && !h.coveredBy), [], 'covered by something not a point');
        assert.ok(hits.filter((h) => h.hit).length >= 10, JSON.stringify(hits));
        const tip = await page.evaluate(() => {
            const svg = [...document.querySelectorAll('figure.chart > svg')].find((s) => s.querySelector('text.title').textContent === 'md5');
            const last = [...svg.querySelectorAll('.mk')].at(-1), r = last.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        });
        await page.mouse.move(tip.x, tip.y);
        const hovered = await page.evaluate(() => [...document.querySelectorAll(':hover')].at(-1).querySelector('title')?.textContent);
        assert.equal(hovered, '3 p-rh73 asm: 13.5 MB/s at 8192 bytes');
    });
});

// For each point of a chart: is it what the pointer hits at its centre, and if
// not, which other point's title covers it.
function pointsUnderPointer(page, chart) {
    return page.evaluate((chart) => {
        const svg = [...document.querySelectorAll('figure.chart > svg')].find((s) => s.querySelector('text.title').textContent === chart);
        svg.scrollIntoView({ block: 'center' });
        return [...svg.querySelectorAll('.mk')].map((mk) => {
            const r = mk.getBoundingClientRect();
            const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            const hit = at === mk || mk.contains(at);
            const coveredBy = hit ? null : at.closest('.mk')?.querySelector('title')?.textContent ?? null;
            return { point: mk.querySelector('title').textContent, hit, coveredBy };
        });
    }, chart);
}

// Two runs' points of nearly equal figures (seed 000's md5@8192: tilia 6.076
// MB/s, PCem 6.242 MB/s) stand a marker apart: each can be seen and hovered.
test('every chart point can be hovered', async () => {
    await withPage('three', 1400, async (page) => {
        const hits = await pointsUnderPointer(page, 'md5');
        assert.deepEqual(hits.filter((h) => !h.hit), []);
    });
});

test('a machine named with markup is shown as text and never runs', async () => {
    await withPage('hostile', 1400, async (page, seen) => {
        const found = await page.evaluate(() => ({
            scripts: document.querySelectorAll('script').length,
            handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
            text: document.body.textContent,
            title: document.title,
        }));
        assert.equal(found.scripts, 0);
        assert.equal(found.handlers, 0);
        assert.ok(found.text.includes(HOSTILE_MACHINE), 'the machine, as text');
        assert.deepEqual(seen.dialogs, []);
        assert.deepEqual(seen.pageErrors, []);
        await page.screenshot({ path: join(screenshotDir, 'hostile-1400.png'), fullPage: true });
    });
});

// The side-by-side table: every figure and ratio the page shows is the JSON's
// to the digits shown; md5@8192 also by its exact text.
test('the figures shown equal speedlab compare --format json', async () => {
    const json = JSON.parse(speedlab(work.db, 'compare', ...pages.three.ids.map(String), '--format', 'json'));
    await withPage('three', 1400, async (page) => {
        const rows = await page.evaluate(() =>
            [...document.querySelectorAll('.wide table tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
        const header = rows[0];
        assert.deepEqual(header.slice(1).map((h) => h.split(' ')[0]), pages.three.ids.map(String));
        const byMetric = new Map(rows.slice(1).map((r) => [r[0], r.slice(1)]));
        assert.deepEqual(byMetric.get('md5@8192'), ['6.07573 MB/s', '6.24230 MB/s (+2.7%~)', '13.4977 MB/s (2.22x faster*)']);
        const checked = assertFiguresEqualJson(assert, byMetric, json);
        assert.ok(checked >= 150, `${checked} figures checked`);
    });
    // The pair page's ratio for md5 at 8192 bytes is the JSON's B/A.
    const pair = JSON.parse(speedlab(work.db, 'compare', ...pages.pair.ids.map(String), '--format', 'json'));
    await withPage('pair', 1400, async (page) => {
        const md5 = await page.evaluate(() =>
            [...document.querySelectorAll('tr')].find((tr) => tr.firstChild.textContent === 'md5').children[1].textContent);
        assert.equal(md5, `${pair.symmetric[0].cells[0].ratio.toFixed(3)}~`);
        assert.equal(md5, '1.027~');
    });
});

test('screenshots at 1400 and 800 px', async () => {
    for (const name of ['pair', 'three'])
        for (const width of [1400, 800])
            await withPage(name, width, (page) =>
                page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true }));
});
