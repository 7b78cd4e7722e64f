import { describe, expect, it } from 'vitest';
import { blockingTime } from '#scripts/trace-blocking.mjs';

const main = { pid: 1, tid: 7 };
const task = (ts: number, durMs: number, cpuMs: number) => ({
  ...main,
  name: 'RunTask',
  ph: 'X',
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('blockingTime', () => {
  it('counts the tasks after the first paint on its thread, by wall time and by CPU time', () => {
    const events = [
      task(0, 100, 100), // before the paint: not counted
      { ...main, name: 'firstContentfulPaint', ph: 'I', ts: 1_000 },
      task(2_000, 40, 10), // 160 ms at 4x: 110 blocking by wall, none by CPU (40 at 4x)
      task(60_000, 20, 20), // 80 ms at 4x: 30 blocking either way
      { ...task(70_000, 500, 500), tid: 8 }, // another thread: not counted
    ];
    expect(blockingTime(events)).toEqual({
      fromWall: 140,
      fromCpu: 30,
      wall: 60,
      cpu: 30,
      tasks: 2,
    });
  });

  it('says so when the trace has no first paint', () => {
    expect(() => blockingTime([task(0, 10, 10)])).toThrow('no first contentful paint');
  });
});
