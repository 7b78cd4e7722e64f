// `npm run audit:web`: Lighthouse 12 on the production build, served by the real server, in
// Debian's Chromium with Lighthouse's mobile emulation (a mid-range phone on slow 4G), read
// against a floor measured in the same run: a minimal React page (scripts/audit-floor/) built by
// the project's own Vite and React and served, compressed, by the same server. The two are
// audited alternately, so a busy spell of the machine lands on both; the targets that depend on
// the machine (the blocking time) are read against the floor. It also checks what makes the app
// installable, which Lighthouse 12 no longer does (it dropped its PWA category): the manifest,
// its icons, and a service worker that takes control and opens the app offline. Records the
// figures in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { writeDocSection } from './bench/doc-section.mjs';
import { checkInstallability } from './audit-install.mjs';
import { freePort, startAppServer, stopProcess, waitForOk } from './bench/server-process.mjs';
import { precompress } from './precompress.mjs';
import { blockingTime } from './trace-blocking.mjs';
import { rootDir } from './build-info.mjs';
import { INITIAL_JS_TARGET_BYTES, measureInitialJs } from './web-budget.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The scores every run of `/` is held to. */
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100 };
/** `/`'s median Total Blocking Time may exceed the floor's median of the same run by this much. */
const TBT_OVER_FLOOR_MS = 100;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];
/** Lantern's estimate moves with the machine's load: the median of a few runs of each is kept. */
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('AUDIT_RUNS must be a whole number >= 1');
/**
 * `npm run audit:web -- label=dir ...`: other web builds (a copy of dist/web from before a
 * change) audited in the same rotation, so a change is read in alternated pairs; the targets
 * are the current build's.
 */
const OTHER_BUILDS = process.argv.slice(2).map((arg) => {
  const match = /^([\w-]+)=(.+)$/s.exec(arg);
  if (!match) throw new Error(`Unknown argument ${arg}: use label=web-build-dir`);
  return { label: match[1], dir: resolve(match[2]) };
});

/** The floor page, built by the project's Vite (no config of the app's), compressed like it. */
async function buildFloor(outDir) {
  await build({
    configFile: false,
    root: join(rootDir, 'scripts', 'audit-floor'),
    logLevel: 'warn',
    publicDir: false,
    build: { outDir, emptyOutDir: true },
  });
  precompress(outDir);
}

async function startServer(dir, name, webDir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startAppServer({
    databaseUrl: `sqlite:${join(dir, `${name}.db`)}`,
    port,
    env: { WEB_DIST_DIR: webDir, PUBLIC_URL: baseUrl },
  });
  await waitForOk(`${baseUrl}/api/health`);
  return { baseUrl, child };
}

/**
 * A chunk's file name without its content hash (`assets/app-Ab12Cd34.js` is `app.js`; the boot
 * and locale scripts carry a longer one). Lighthouse's own gatherers evaluate scripts in the
 * page too, and their tasks count in its blocking time: they are named as Lighthouse's.
 */
function moduleOf(url) {
  if (!url || url === 'Unattributable') return 'unattributed';
  if (url.includes('_lighthouse-eval')) return 'Lighthouse itself';
  return url.replace(/^.*\//, '').replace(/-[\w-]{8,10}(\.\w+)$/, '$1');
}

/**
 * Lighthouse's long tasks (its simulation's timings, as its blocking time counts them) that
 * start after the first contentful paint, each with the script it is attributed to and what
 * its time went on.
 */
function longTasksAfterPaint(lhr) {
  const debug = lhr.audits['long-tasks']?.details?.debugData;
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  if (!debug?.tasks) return [];
  return debug.tasks
    .filter((task) => task.startTime >= fcp)
    .sort((a, b) => a.startTime - b.startTime)
    .map(({ urlIndex, startTime, duration, ...groups }) => {
      const top = Object.entries(groups)
        .filter(([, ms]) => typeof ms === 'number' && ms >= 1)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([group, ms]) => `${group} ${Math.round(ms)}`);
      return {
        module: moduleOf(debug.urls[urlIndex]),
        at: startTime,
        duration,
        top: top.join(', '),
      };
    });
}

async function runLighthouse(url, categories) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      // Lighthouse's default: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown.
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const { lhr } = result;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    return {
      lhr,
      scores: Object.fromEntries(categories.map((id) => [id, score(id)])),
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      blocking: blockingTime(result.artifacts.Trace.traceEvents),
      longTasks: longTasksAfterPaint(lhr),
    };
  } finally {
    await chrome.kill();
  }
}

const built = spawnSync(process.execPath, [join(rootDir, 'scripts', 'build.mjs')], {
  cwd: rootDir,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-audit-'));
const floorDir = join(dir, 'floor');
await buildFloor(floorDir);
const appDir = join(rootDir, 'dist', 'web');
const js = { app: measureInitialJs(appDir).gzip, floor: measureInitialJs(floorDir).gzip };
const loadAtStart = loadavg()[0];
const servers = [];
const runs = { floor: [], app: [], ...Object.fromEntries(OTHER_BUILDS.map((b) => [b.label, []])) };
const pageName = (page) =>
  page === 'app' ? '`/`' : page === 'floor' ? 'floor' : `\`/\` of ${page}`;
let installProblems;
let loadAtEnd;
try {
  const app = await startServer(dir, 'app', appDir);
  servers.push(app.child);
  const floor = await startServer(dir, 'floor', floorDir);
  servers.push(floor.child);
  const audits = {
    floor: () => runLighthouse(`${floor.baseUrl}/`, ['performance']),
    app: () => runLighthouse(`${app.baseUrl}/`, Object.keys(BUDGET)),
  };
  for (const other of OTHER_BUILDS) {
    const server = await startServer(dir, other.label, other.dir);
    servers.push(server.child);
    audits[other.label] = () => runLighthouse(`${server.baseUrl}/`, ['performance']);
  }
  const pages = Object.keys(audits);
  for (let round = 0; round < RUNS; round++) {
    // Which goes first rotates too, so none always follows the same one's Chromium.
    const order = pages.map((_, index) => pages[(index + round) % pages.length]);
    for (const page of order) {
      const result = await audits[page]();
      runs[page].push({ ...result, round: round + 1, load: loadavg()[0] });
      console.log(
        `round ${round + 1}, ${pageName(page)}: performance ${result.scores.performance}, ` +
          `TBT ${Math.round(result.tbt)} ms, long tasks after the paint: ` +
          (result.longTasks
            .map((task) => `${task.module} ${Math.round(task.duration)} ms`)
            .join(', ') || 'none'),
      );
    }
  }
  loadAtEnd = loadavg()[0];
  installProblems = await checkInstallability(app.baseUrl, dir, CHROMIUM_PATH);
} finally {
  for (const child of servers) await stopProcess(child);
  rmSync(dir, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const medians = (page) => ({
  performance: median(runs[page].map((run) => run.scores.performance)),
  tbt: median(runs[page].map((run) => run.tbt)),
  cpu: median(runs[page].map((run) => run.blocking.cpu)),
});
const floorMedian = medians('floor');
const appMedian = medians('app');
const appScore = (id) => median(runs.app.map((run) => run.scores[id]));
const targets = [
  [
    'Performance of `/`, median',
    `${appMedian.performance}`,
    `>= ${BUDGET.performance}`,
    appMedian.performance >= BUDGET.performance,
  ],
  [
    'Total Blocking Time of `/`, median',
    `${ms(appMedian.tbt)} (floor ${ms(floorMedian.tbt)})`,
    `<= floor + ${TBT_OVER_FLOOR_MS} ms`,
    appMedian.tbt <= floorMedian.tbt + TBT_OVER_FLOOR_MS,
  ],
  ...['accessibility', 'best-practices'].map((id) => [
    `${runs.app[0].lhr.categories[id]?.title ?? id} of \`/\`, median`,
    `${appScore(id)}`,
    `>= ${BUDGET[id]}`,
    appScore(id) >= BUDGET[id],
  ]),
  [
    'JavaScript for `/`, gzipped',
    `${kb(js.app)} (floor ${kb(js.floor)})`,
    `<= ${kb(INITIAL_JS_TARGET_BYTES)}`,
    js.app <= INITIAL_JS_TARGET_BYTES,
  ],
  [
    'Installable (manifest, icons, service worker, offline start)',
    installProblems.length === 0 ? 'pass' : installProblems.join('; '),
    'pass',
    installProblems.length === 0,
  ],
];
const allMet = targets.every(([, , , met]) => met);
const tasksOf = (run) =>
  run.longTasks
    .map((task) => `${task.module} ${Math.round(task.duration)} (${task.top})`)
    .join('; ') || 'none';
const runRows = [];
for (let round = 1; round <= RUNS; round++) {
  for (const page of Object.keys(runs)) {
    const run = runs[page].find((entry) => entry.round === round);
    runRows.push(
      `| ${round} | ${pageName(page)} | ${run.scores.performance} | ${ms(run.tbt)} | ` +
        `${(run.fcp / 1000).toFixed(1)} s / ${(run.lcp / 1000).toFixed(1)} s | ${run.cls.toFixed(3)} | ` +
        `${ms(run.blocking.wall)} / ${ms(run.blocking.cpu)} | ${tasksOf(run)} |`,
    );
  }
}
const lhr = runs.app[0].lhr;
// The load at the end counts the audit's own Chromium; only the start says whether other work
// (the minute before) was still on the cores.
const loaded = loadAtStart > cpus().length;
writeDocSection('web-audit', [
  '## Web app audit (Lighthouse 12, mobile, against a minimal React page)',
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run audit:web\` on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}): the production build served by the real server (compressed assets, no API data) and, alternated with it in the same run, the floor: a minimal React page (scripts/audit-floor/) built by the same Vite and React and served by the same server. Lighthouse ${lhr.lighthouseVersion} in Debian's Chromium (${lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}) with its default mobile emulation (simulated slow 4G, 4x CPU slowdown), ${RUNS} runs of each, load average ${loadAtStart.toFixed(2)} at the start and ${loadAtEnd.toFixed(2)} at the end${loaded ? ': **the machine was busy with other work**, so every figure is pessimistic and only the comparison with the floor counts' : ''}.`,
  '',
  '| Target (same run as the floor) | Measured | Target | Met |',
  '|---|---|---|---|',
  ...targets.map(
    ([what, value, target, met]) => `| ${what} | ${value} | ${target} | ${met ? 'yes' : 'no'} |`,
  ),
  '',
  `Each run: long tasks after the first contentful paint are Lighthouse's own (its simulated timings at 4x, the tasks its Total Blocking Time counts), each attributed to the script that ran it (the chunk's name without its hash) with its two largest kinds of work in ms. The main thread after the paint is the trace Lighthouse recorded, unsimulated (scripts/trace-blocking.mjs): the tasks' wall time and their CPU time.`,
  '',
  '| Round | Page | Performance | TBT | FCP / LCP | CLS | Main thread after the paint, wall / CPU | Long tasks after the paint (ms) |',
  '|---|---|---|---|---|---|---|---|',
  ...runRows,
  '',
  `Medians: ${Object.keys(runs)
    .map((page) => {
      const m = medians(page);
      return `${pageName(page)} performance ${m.performance}, TBT ${ms(m.tbt)}, main-thread CPU after the paint ${ms(m.cpu)}`;
    })
    .join('; ')}.`,
]);

console.log(`\nLighthouse (mobile), ${RUNS} runs each, alternated with the floor:`);
for (const [what, value, target, met] of targets) {
  console.log(`  ${what}: ${value} (target ${target})${met ? '' : '  <- NOT met'}`);
}
if (!allMet) process.exit(1);
