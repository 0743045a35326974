// What the browser tests share: the speedlab binary, a database of seed 000's
// runs, and pages opened in Debian's chromium that record what went wrong.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const need = (name) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is not set: run the browser tests through tests/browser/run.sh (ctest -R Browser)`);
    return v;
};

export const speedlabBinary = need('SPEEDLAB_BINARY');
export const testData = need('SPEEDLAB_TEST_DATA');
export const screenshotDir = need('SCREENSHOT_DIR');
const { chromium } = createRequire(import.meta.url)(need('PLAYWRIGHT_CORE'));

// One speedlab command on one database; its stdout, or an error with its stderr.
export function speedlab(db, ...args) {
    try {
        return execFileSync(speedlabBinary, ['--db', db, ...args], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
        throw new Error(`speedlab ${args.join(' ')} exited ${e.status}: ${e.stderr}`);
    }
}

// A temporary directory with a database; remove() when done.
export function scratch() {
    const dir = mkdtempSync(join(tmpdir(), 'speedlab-browser-'));
    return { dir, db: join(dir, 'runs.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// The id of the one run `speedlab list` gives this label.
export function runId(db, label) {
    const runs = JSON.parse(speedlab(db, 'list', '--limit', '0', '--format', 'json'));
    const found = runs.filter((r) => r.label === label);
    if (found.length !== 1) throw new Error(`${found.length} runs labelled ${label}: ${runs.map((r) => r.label)}`);
    return found[0].id;
}

// Debian's chromium, headless, never one a package downloads. Playwright passes
// --no-sandbox unless chromiumSandbox is set, which running as root needs.
export function launch() {
    return chromium.launch({ executablePath: need('CHROMIUM'), headless: true, chromiumSandbox: false });
}

// A report opened at a viewport width, with every console error, page error,
// dialog and request it caused.
export async function open(browser, file, width) {
    return openUrl(browser, 'file://' + file, width);
}

// The same for any URL (a served page).
export async function openUrl(browser, url, width) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const seen = { consoleErrors: [], pageErrors: [], dialogs: [], requests: [], failed: [] };
    page.on('console', (m) => m.type() === 'error' && seen.consoleErrors.push(m.text()));
    page.on('pageerror', (e) => seen.pageErrors.push(String(e)));
    page.on('dialog', (d) => {
        seen.dialogs.push(`${d.type()}: ${d.message()}`);
        d.dismiss().catch(() => {});
    });
    page.on('request', (r) => seen.requests.push(r.url()));
    page.on('requestfailed', (r) => seen.failed.push(`${r.url()}: ${r.failure()?.errorText}`));
    const response = await page.goto(url, { waitUntil: 'load' });
    return { page, seen, response };
}

// "13.4977 MB/s" -> 13497700; "0.0753/s" -> 0.0753; "12.5k op/s" -> 12500;
// with the half step the printed digits allow, so a comparison allows exactly
// the report's rounding.
const prefixes = { '': 1, k: 1e3, M: 1e6, G: 1e9 };
export function parseFigure(text) {
    const m = /^(\d+(?:\.(\d+))?) ?([kMG]?) ?(B\/s|op\/s|\/s)/.exec(text);
    if (!m) return null;
    const scale = prefixes[m[3]], decimals = m[2] ? m[2].length : 0;
    return { value: Number(m[1]) * scale, halfStep: 0.5 * 10 ** -decimals * scale };
}

// "(+2.7%~)" -> 1.027, "(2.22x faster*)" -> 2.22, "(137x slower*)" -> 1/137,
// "(-25% ±77%~)" -> 0.75, with the half step.
export function parseRatio(text) {
    const m = /\(([+-]\d+(?:\.(\d+))?)%|\((\d+(?:\.(\d+))?)x( slower)?/.exec(text);
    if (!m) return null;
    if (m[1] !== undefined)
        return { value: 1 + Number(m[1]) / 100, halfStep: (0.5 * 10 ** -(m[2] ? m[2].length : 0)) / 100 };
    const n = Number(m[3]), half = 0.5 * 10 ** -(m[4] ? m[4].length : 0);
    return m[5] ? { value: 1 / n, halfStep: half / (n * (n - half)) } : { value: n, halfStep: half };
}

// Asserts that every figure (and ratio) of a side-by-side table on the page,
// metric -> cells, equals `compare --format json` to the digits shown; the
// number of figures checked.
export function assertFiguresEqualJson(assert, byMetric, json) {
    let checked = 0;
    for (const row of json.rows) {
        const shown = byMetric.get(row.metric);
        assert.ok(shown, `${row.metric} is not on the page`);
        row.values.forEach((v, i) => {
            if (v.value === null) return assert.equal(shown[i], '-', row.metric);
            const f = parseFigure(shown[i]);
            assert.ok(f, `${row.metric}: "${shown[i]}"`);
            assert.ok(Math.abs(f.value - v.value) <= f.halfStep * 1.0001, `${row.metric} ${v.run}: "${shown[i]}" against ${v.value}`);
            const r = parseRatio(shown[i]);
            if (i > 0 && v.vs_baseline !== null) {
                assert.ok(r, `${row.metric}: no ratio in "${shown[i]}"`);
                assert.ok(Math.abs(r.value - v.vs_baseline) <= r.halfStep * 1.0001, `${row.metric} ${v.run}: "${shown[i]}" against ${v.vs_baseline}`);
            }
            checked++;
        });
    }
    return checked;
}

// `speedlab serve` on a database and a free port, started once its first line
// names the URL: { child, url }.
export function startServer(db) {
    return new Promise((resolve, reject) => {
        const child = spawn(speedlabBinary, ['--db', db, 'serve', '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => {
            out += d;
            const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
            if (m) resolve({ child, url: m[0].replace(/\/$/, '') });
        });
        child.on('exit', (code) => reject(new Error(`speedlab serve exited ${code}: ${out}`)));
    });
}

// Ctrl-C to a server still running; its exit code, or null when it had ended.
export async function stopServer(child) {
    if (!child || child.exitCode !== null) return null;
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    return exited;
}
