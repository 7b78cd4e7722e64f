// Blocking time of a page load read out of a Chromium trace two ways: from each main-thread
// task's wall time, as Lighthouse's Lantern does (times the CPU slowdown it simulates, the part
// past 50 ms of each task after the first contentful paint), and from the same tasks' CPU time
// (the trace's `tdur`, the time the thread actually ran). A task's wall time also holds the time
// its thread did not run: waiting for a core (on a machine whose cores it shares with the
// compositor drawing every frame in software, Lighthouse and the server) or for another thread.
// Its CPU time does not, so it is the closer measure of what the page's own work costs.

/** Lighthouse's threshold: the part of a task past 50 ms blocks input. */
const BLOCKING_MS = 50;

/**
 * @param {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number }[]} events
 * @param {number} slowdown the CPU slowdown the estimate multiplies each task by (Lighthouse mobile: 4)
 */
export function blockingTime(events, slowdown = 4) {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The trace has no first contentful paint');
  const tasks = events.filter(
    (event) =>
      event.pid === paint.pid &&
      event.tid === paint.tid &&
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      event.dur !== undefined &&
      event.ts >= paint.ts,
  );
  const blocking = (ms) => Math.max(0, ms * slowdown - BLOCKING_MS);
  let fromWall = 0;
  let fromCpu = 0;
  let wall = 0;
  let cpu = 0;
  for (const task of tasks) {
    const wallMs = task.dur / 1000;
    const cpuMs = (task.tdur ?? task.dur) / 1000;
    fromWall += blocking(wallMs);
    fromCpu += blocking(cpuMs);
    wall += wallMs;
    cpu += cpuMs;
  }
  return { fromWall, fromCpu, wall, cpu, tasks: tasks.length };
}
