// Runs one autocannon scenario and reduces it to the figures we report. autocannon's summary
// has no p95, so every response time is also kept and the percentiles are computed here.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const clockTicksPerSecond = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(answer.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * CPU time (user + system) a process has used so far, in microseconds, from /proc (Linux);
 * null elsewhere. The server's own CPU per request is steadier than its throughput on a
 * shared machine, where the load generator competes for the same cores.
 */
export function processCpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of the file (utime, stime); the slice starts at field 3.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export async function runScenario({
  name,
  url,
  connections = 10,
  durationSeconds = 10,
  serverPid,
  ...options
}) {
  const cpuBefore = serverPid === undefined ? null : processCpuMicros(serverPid);
  const times = [];
  const statuses = new Map();
  const instance = autocannon({ url, connections, duration: durationSeconds, ...options });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const cpuAfter = serverPid === undefined ? null : processCpuMicros(serverPid);
  times.sort((a, b) => a - b);
  const total = times.length;
  const ok = [...statuses]
    .filter(([code]) => code >= 200 && code < 300)
    .reduce((n, [, c]) => n + c, 0);
  return {
    name,
    connections,
    durationSeconds,
    requestsPerSecond: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    total,
    okShare: total === 0 ? 0 : ok / total,
    errors: result.errors + result.timeouts,
    serverCpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || times.length === 0
        ? null
        : (cpuAfter - cpuBefore) / times.length,
    statuses: Object.fromEntries(statuses),
  };
}
