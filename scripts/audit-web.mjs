// `npm run audit:web`: Lighthouse 12 on the production build, served by the real server, in
// Debian's Chromium with Lighthouse's mobile emulation (a mid-range phone on slow 4G). Holds the
// scores to their budget and checks what makes the app installable, which Lighthouse 12 no
// longer does (it dropped its PWA category): the manifest, its icons, and a service worker that
// takes control and opens the app offline. Records the figures in docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { writeDocSection } from './bench/doc-section.mjs';
import { freePort } from './bench/server-process.mjs';
import { blockingTime } from './trace-blocking.mjs';
import { rootDir } from './build-info.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100 };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];
const SERVER_READY_TIMEOUT_MS = 45_000;
/** Lantern's estimate still moves with the machine's load: the median of a few runs is kept. */
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);

async function startServer(dir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(rootDir, 'dist', 'node', 'server', 'main.js')], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dir, 'audit.db')}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited before it was ready.');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer /api/health within ${SERVER_READY_TIMEOUT_MS} ms.`);
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(BUDGET),
      // Lighthouse's default: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown.
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    return { ...result.lhr, blocking: blockingTime(result.artifacts.Trace.traceEvents) };
  } finally {
    await chrome.kill();
  }
}

/** What Chromium needs to offer installation, checked by hand since Lighthouse 12 does not. */
async function checkInstallability(baseUrl, dir) {
  const problems = [];
  const html = await (await fetch(`${baseUrl}/`)).text();
  const manifestHref = /<link[^>]*rel="manifest"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!manifestHref) return ['index.html links no manifest'];
  const manifest = await (await fetch(new URL(manifestHref, baseUrl))).json();
  for (const field of ['name', 'short_name', 'start_url', 'theme_color', 'background_color']) {
    if (typeof manifest[field] !== 'string' || manifest[field] === '') {
      problems.push(`manifest has no ${field}`);
    }
  }
  if (manifest.display !== 'standalone') problems.push('manifest display is not standalone');
  const icons = Array.isArray(manifest.icons) ? manifest.icons : [];
  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [192, 'maskable'],
    [512, 'maskable'],
  ]) {
    const icon = icons.find(
      (entry) => entry.sizes === `${size}x${size}` && (entry.purpose ?? 'any').includes(purpose),
    );
    if (!icon) {
      problems.push(`manifest has no ${purpose} icon of ${size}x${size}`);
      continue;
    }
    const response = await fetch(new URL(icon.src, baseUrl));
    const meta = response.ok
      ? await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      : null;
    if (meta?.width !== size || meta?.height !== size || meta?.format !== 'png') {
      problems.push(`${icon.src} is not a ${size}x${size} PNG`);
    }
  }
  const appleIcon = /<link[^>]*rel="apple-touch-icon"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!appleIcon || !(await fetch(new URL(appleIcon, baseUrl))).ok) {
    problems.push('no Apple touch icon');
  }

  const browser = await chromium.launchPersistentContext(mkdtempSync(join(dir, 'profile-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${baseUrl}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    if (scope !== `${baseUrl}/`) problems.push(`the service worker's scope is ${scope}`);
    await page.reload();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    if (!controlled) problems.push('no service worker controls the page after a reload');
    await browser.setOffline(true);
    await page.reload();
    const offlineTitle = await page.title();
    if (offlineTitle !== 'Voice Ideas') problems.push('the app does not open offline');
  } finally {
    await browser.close();
  }
  return problems;
}

const build = spawnSync(process.execPath, [join(rootDir, 'scripts', 'build.mjs')], {
  cwd: rootDir,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-audit-'));
const loadAtStart = loadavg()[0];
const server = await startServer(dir);
const runs = [];
let installProblems;
let loadAtEnd;
try {
  for (let run = 0; run < RUNS; run++) runs.push(await runLighthouse(`${server.baseUrl}/`));
  loadAtEnd = loadavg()[0];
  installProblems = await checkInstallability(server.baseUrl, dir);
} finally {
  server.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

const performanceOf = (result) => result.categories.performance?.score ?? 0;
const allPerformance = runs.map((result) => Math.round(performanceOf(result) * 100));
const lhr = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[
  Math.floor(runs.length / 2)
];
const scores = Object.fromEntries(
  Object.keys(BUDGET).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
);
const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
const failedAudits = Object.values(lhr.audits)
  .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
  .map((audit) => audit.id);
const met = (id) => scores[id] >= BUDGET[id];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const blocking = {
  fromWall: median(runs.map((result) => result.blocking.fromWall)),
  fromCpu: median(runs.map((result) => result.blocking.fromCpu)),
  wall: median(runs.map((result) => result.blocking.wall)),
  cpu: median(runs.map((result) => result.blocking.cpu)),
};
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const allMet = Object.keys(BUDGET).every(met) && installProblems.length === 0;

// The load at the end counts the audit's own Chromium; only the start says whether other work
// (the minute before) was still on the cores.
const loaded = loadAtStart > cpus().length;
writeDocSection('web-audit', [
  '## Web app audit (Lighthouse 12, mobile)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run audit:web\`: the production build served by the real server (compressed assets, no API data), Lighthouse ${lhr.lighthouseVersion} in Debian's Chromium (${lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}) with its default mobile emulation (simulated slow 4G, 4x CPU slowdown), ${runs.length === 1 ? 'one run' : `the median of ${runs.length} runs (performance ${allPerformance.join(', ')})`}, load average ${loadAtStart.toFixed(2)} on ${cpus().length} cores at the start and ${loadAtEnd.toFixed(2)} at the end${loaded ? ': the machine was still busy with other work when it began, so the timings may be pessimistic' : ''}.`,
  '',
  '| Category | Score | Budget | Met |',
  '|---|---|---|---|',
  ...Object.keys(BUDGET).map(
    (id) =>
      `| ${lhr.categories[id]?.title ?? id} | ${scores[id]} | >= ${BUDGET[id]} | ${met(id) ? 'yes' : 'no'} |`,
  ),
  `| Installable (manifest, icons, service worker, offline start) | ${installProblems.length === 0 ? 'pass' : installProblems.join('; ')} | pass | ${installProblems.length === 0 ? 'yes' : 'no'} |`,
  '',
  `First Contentful Paint ${metric('first-contentful-paint')}, Largest Contentful Paint ${metric('largest-contentful-paint')}, Total Blocking Time ${metric('total-blocking-time')}, Cumulative Layout Shift ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}. Unused JavaScript: ${metric('unused-javascript') === 'n/a' ? 'none flagged' : metric('unused-javascript')}.`,
  '',
  `In the traces Lighthouse recorded (medians of the runs; scripts/trace-blocking.mjs), the main thread's tasks after the first contentful paint took ${ms(blocking.wall)} of wall time and ${ms(blocking.cpu)} of CPU time: counted as Lighthouse counts them (each task times 4, the part past 50 ms), ${ms(blocking.fromWall)} of blocking from their wall time and ${ms(blocking.fromCpu)} from their CPU time. The difference is time the page's thread did not run inside its tasks: waiting for one of the ${cpus().length} cores it shares with the compositor (drawing every frame in software here), Lighthouse and the server, or for another thread.`,
]);

console.log(
  `\nLighthouse (mobile), median of ${runs.length} runs (performance ${allPerformance.join(', ')}):`,
);
for (const id of Object.keys(BUDGET)) {
  console.log(`  ${id}: ${scores[id]} (budget ${BUDGET[id]})${met(id) ? '' : '  <- under budget'}`);
}
console.log(
  `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
);
console.log(
  `  main thread after the paint: ${ms(blocking.wall)} wall, ${ms(blocking.cpu)} CPU; blocking at 4x from wall ${ms(blocking.fromWall)}, from CPU ${ms(blocking.fromCpu)}`,
);
if (failedAudits.length > 0) console.log(`  failed audits: ${failedAudits.join(', ')}`);
console.log(
  `Installability: ${installProblems.length === 0 ? 'pass' : installProblems.join('; ')}`,
);
if (!allMet) process.exit(1);
