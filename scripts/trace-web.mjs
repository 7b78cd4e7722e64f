// `node scripts/trace-web.mjs [--runs N] [--returning] [label=dir ...]`: the main-thread tasks of
// a first visit to `/`, from a Chromium trace, for the production build (or each web build given
// as label=dir, e.g. a copy of dist/web from before a change, run interleaved so load hits both
// alike). Each run traces once with Chromium's CPU throttled 4x (Lighthouse mobile's slowdown)
// and once unthrottled: the first gives the blocking time (each task after the first contentful
// paint past 50 ms), the second each task's CPU time on this machine, which Lighthouse's Lantern
// multiplies by 4 (the same sum from 4x that CPU time is printed too), and the CPU time of all
// the tasks after that paint (until the page is quiet), which moves least with the machine's
// load. Wall times move with the load (the load average is printed); a task's CPU time much less.
// --returning: a visitor who finished the onboarding and has saved ideas.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { rootDir } from './build-info.mjs';
import {
  ensureCurrentBuild,
  freePort,
  startAppServer,
  stopProcess,
  waitForOk,
} from './bench/server-process.mjs';
import { BLOCKING_MS, blockingPart, mainThreadTasks } from './trace-blocking.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = 4;
/** After the app is live, how long the page must stay without a task this long to be done. */
const QUIET_MS = 2_000;
const LISTED_TASK_MS = 5;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
];

function parseArgs(argv) {
  const options = { runs: 3, returning: false, builds: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') {
      options.runs = Number(argv[++i]);
      if (!Number.isInteger(options.runs) || options.runs < 1) {
        throw new Error('--runs takes a whole number of at least 1');
      }
    } else if (arg === '--returning') options.returning = true;
    else if (/^[\w-]+=.+/.test(arg)) {
      const [label, dir] = arg.split(/=(.*)/s);
      options.builds.push({ label, dir: resolve(dir) });
    } else {
      throw new Error(`Unknown argument ${arg}: use --runs N, --returning or label=web-build-dir`);
    }
  }
  if (options.builds.length === 0) {
    ensureCurrentBuild();
    options.builds.push({ label: 'current', dir: join(rootDir, 'dist', 'web') });
  }
  return options;
}

/** The page's main-thread top-level tasks and its first contentful paint, in ms from navigation. */
function analyse(events) {
  // tdur, each task's `cpu`, is the thread's CPU time: unlike the wall time it leaves out the
  // time other processes had the core, so on a loaded machine it is the task's own cost.
  const { paint: fcp, tasks } = mainThreadTasks(events);
  const { pid, tid } = fcp;
  const navigation = events.findLast(
    (event) =>
      event.name === 'navigationStart' &&
      event.pid === pid &&
      event.tid === tid &&
      event.ts <= fcp.ts,
  );
  const origin = (navigation ?? fcp).ts;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid);
  // What each task ran: the script evaluated or the callback called, else its longest part.
  const parts = onMain.filter(
    (event) => event.ph === 'X' && event.name !== 'RunTask' && event.dur !== undefined,
  );
  for (const task of tasks) {
    const inside = parts.filter((part) => part.ts >= task.start && part.ts < task.end);
    const script = inside.find((part) =>
      [
        'EvaluateScript',
        'v8.evaluateModule',
        'FunctionCall',
        'TimerFire',
        'FireIdleCallback',
      ].includes(part.name),
    );
    const longest = inside.sort((a, b) => b.dur - a.dur)[0];
    const main = script ?? longest;
    const data = main?.args?.data ?? {};
    const where = data.url ? ` ${data.url.replace(/^.*\//, '')}` : '';
    const fn = data.functionName ? ` ${data.functionName}` : '';
    task.what = main ? `${main.name}${where}${fn}` : 'task';
  }
  const shifts = onMain
    .filter((event) => event.name === 'LayoutShift' && !event.args?.data?.had_recent_input)
    .reduce((sum, event) => sum + (event.args?.data?.weighted_score_delta ?? 0), 0);
  const ms = (us) => us / 1000;
  const afterPaint = tasks
    .filter((task) => task.start >= fcp.ts)
    .map((task) => ({
      at: ms(task.start - origin),
      duration: ms(task.end - task.start),
      cpu: ms(task.cpu),
      what: task.what,
    }));
  return { fcp: ms(fcp.ts - origin), afterPaint, cls: shifts };
}

async function traceOnce(browser, baseUrl, { slowdown, returning }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (returning) {
      // The saved ideas and the finished onboarding, set up in a page of their own.
      const setup = await context.newPage();
      await setup.goto(`${baseUrl}/about`);
      await setup.evaluate(async () => {
        localStorage.setItem('hasSeenOnboarding', 'true');
        const guestId = crypto.randomUUID();
        localStorage.setItem('guestId', guestId);
        for (let i = 0; i < 4; i++) {
          await fetch('/api/guest-ideas', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Guest-Id': guestId },
            body: JSON.stringify({
              content: `Idea ${i}: a thought worth keeping`,
              format: 'tweet',
              category: 'work',
              transcript: `Idea ${i}`,
              guestId,
            }),
          });
        }
      });
      await setup.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${baseUrl}/`);
    // Waited for through the DevTools protocol, not Playwright's page functions: those compile
    // Playwright's own injected script in the page, a main-thread task after the first paint
    // (24-43 ms of CPU here) that is no part of the app and that Lighthouse's trace does not have.
    const inPage = async (expression) => {
      const { exceptionDetails } = await cdp.send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
      });
      if (exceptionDetails) throw new Error(`In the page: ${exceptionDetails.text}`);
    };
    // Live: React has replaced the build-time first screen (tests/e2e/support/journey.ts); then
    // no long task for QUIET_MS.
    await inPage(`new Promise((live, late) => {
      const deadline = Date.now() + 60000;
      const check = () => {
        if (document.getElementById('app-shell') === null) live();
        else if (Date.now() > deadline) late(new Error('React never replaced the first screen'));
        else setTimeout(check, 50);
      };
      check();
    })`);
    await page.waitForLoadState('networkidle');
    await inPage(`new Promise((done) => {
      let timer = setTimeout(done, ${QUIET_MS});
      new PerformanceObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, ${QUIET_MS});
      }).observe({ type: 'longtask' });
    })`);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    return analyse(trace.traceEvents ?? trace);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value) => Math.round(value);
/** Lighthouse's Total Blocking Time over these tasks, each task's length as `length` says. */
const blockingOf = (tasks, length) =>
  tasks.reduce((sum, task) => sum + blockingPart(length(task)), 0);
const longest = (trace, field) => Math.max(0, ...trace.afterPaint.map((task) => task[field]));

const options = parseArgs(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-trace-'));
const servers = [];
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const results = new Map(options.builds.map((build) => [build.label, []]));
const loadAtStart = loadavg()[0];
try {
  for (const [index, build] of options.builds.entries()) {
    const port = await freePort();
    const child = startAppServer({
      databaseUrl: `sqlite:${join(dir, `trace-${index}.db`)}`,
      port,
      env: { WEB_DIST_DIR: build.dir, PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    servers.push(child);
    await waitForOk(`http://127.0.0.1:${port}/api/health`);
    build.baseUrl = `http://127.0.0.1:${port}`;
  }
  for (let run = 0; run < options.runs; run++) {
    for (const build of options.builds) {
      const throttled = await traceOnce(browser, build.baseUrl, {
        slowdown: SLOWDOWN,
        returning: options.returning,
      });
      const plain = await traceOnce(browser, build.baseUrl, {
        slowdown: 1,
        returning: options.returning,
      });
      const blocking = blockingOf(throttled.afterPaint, (task) => task.duration);
      const estimated = blockingOf(plain.afterPaint, (task) => task.cpu * SLOWDOWN);
      const listed = plain.afterPaint.filter((task) => task.cpu >= LISTED_TASK_MS);
      const long = throttled.afterPaint.filter((task) => task.duration >= BLOCKING_MS);
      const cpu = plain.afterPaint.reduce((sum, task) => sum + task.cpu, 0);
      results.get(build.label).push({ blocking, estimated, cpu, throttled, plain });
      console.log(
        `${build.label} run ${run + 1} [load ${loadavg()[0].toFixed(2)}]: at 4x, blocking after ` +
          `FCP ${round(blocking)} ms (longest task ${round(longest(throttled, 'duration'))} ms), ` +
          `CLS ${throttled.cls.toFixed(3)}; unthrottled, 4x CPU time past 50 ms ` +
          `${round(estimated)} ms, all tasks' CPU time ${round(cpu)} ms; ` +
          `tasks after FCP of ${LISTED_TASK_MS} ms CPU or more: ` +
          (listed.map((task) => `${task.cpu.toFixed(1)} ${task.what}`).join(', ') || 'none') +
          `; at 4x, tasks after FCP of ${BLOCKING_MS} ms or more (wall / CPU, at ms from navigation): ` +
          (long
            .map(
              (task) =>
                `${round(task.duration)} / ${round(task.cpu)} at ${round(task.at)} ${task.what}`,
            )
            .join(', ') || 'none'),
      );
    }
  }
} finally {
  await browser.close();
  for (const child of servers) await stopProcess(child);
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\n${options.returning ? 'Returning visitor' : 'First visit'}, ${options.runs} runs each, ` +
    `load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0].toFixed(2)} at the end on ${cpus().length} cores:`,
);
for (const [label, runs] of results) {
  const list = (values) => values.map(round).join(', ');
  const blocking = runs.map((run) => run.blocking);
  const estimated = runs.map((run) => run.estimated);
  const longestCpu = runs.map((run) => longest(run.plain, 'cpu'));
  const cpu = runs.map((run) => run.cpu);
  console.log(
    `  ${label}: at 4x, blocking after FCP median ${round(median(blocking))} ms (${list(blocking)}); ` +
      `unthrottled, 4x CPU time past 50 ms median ${round(median(estimated))} ms ` +
      `(${list(estimated)}), all tasks' CPU time median ${round(median(cpu))} ms (${list(cpu)}), ` +
      `longest task's CPU median ${median(longestCpu).toFixed(1)} ms ` +
      `(${longestCpu.map((value) => value.toFixed(1)).join(', ')}); ` +
      `CLS max ${Math.max(...runs.map((run) => run.throttled.cls)).toFixed(3)}`,
  );
}
