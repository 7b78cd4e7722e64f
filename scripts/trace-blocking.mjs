// The main thread's tasks of a page load in a Chromium trace, and their blocking time read two
// ways: from each task's wall time, as Lighthouse's Lantern does (times the CPU slowdown it
// simulates, the part past 50 ms of each task after the first contentful paint), and from the
// same tasks' CPU time (the trace's `tdur`, the time the thread actually ran). A task's wall time
// also holds the time its thread did not run: waiting for a core (on a machine whose cores it
// shares with the compositor drawing every frame in software, Lighthouse and the server) or for
// another thread. Its CPU time does not, so it is the closer measure of what the page's own work
// costs. Used by audit-web.mjs (Lighthouse's trace) and trace-web.mjs (its own traces).

/** Lighthouse's threshold: the part of a task past 50 ms blocks input. */
export const BLOCKING_MS = 50;

/** The part of a task of `ms` that blocks input. */
export const blockingPart = (ms) => Math.max(0, ms - BLOCKING_MS);

/**
 * The first contentful paint and every top-level task of the thread that painted it, in trace
 * microseconds: `cpu` is the thread's CPU time in the task (its wall time where the trace has none).
 */
export function mainThreadTasks(events) {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The trace has no first contentful paint');
  const tasks = events
    .filter(
      (event) =>
        event.pid === paint.pid &&
        event.tid === paint.tid &&
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.dur !== undefined,
    )
    .map((task) => ({ start: task.ts, end: task.ts + task.dur, cpu: task.tdur ?? task.dur }));
  return { paint, tasks };
}

/** The blocking time after the first paint, from the tasks' wall time and from their CPU time. */
export function blockingTime(events, slowdown = 4) {
  const { paint, tasks } = mainThreadTasks(events);
  let fromWall = 0;
  let fromCpu = 0;
  let wall = 0;
  let cpu = 0;
  let counted = 0;
  for (const task of tasks) {
    if (task.start < paint.ts) continue;
    counted += 1;
    const wallMs = (task.end - task.start) / 1000;
    const cpuMs = task.cpu / 1000;
    fromWall += blockingPart(wallMs * slowdown);
    fromCpu += blockingPart(cpuMs * slowdown);
    wall += wallMs;
    cpu += cpuMs;
  }
  return { fromWall, fromCpu, wall, cpu, tasks: counted };
}
