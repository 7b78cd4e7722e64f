// Runs one load scenario (autocannon for one fixed request, runMix for new requests of several
// kinds) and reduces it to the figures we report.
// autocannon's summary has no p95, so every response time is kept and the percentiles computed here.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
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

/**
 * A load of mixed requests from `connections` clients, each sending its next request as soon
 * as the previous answer arrived (like autocannon), with each request built by `next()`:
 * `{ kind, method, path, headers, body }`. autocannon sends one fixed set of requests and
 * reports one latency distribution; here every request is new (a query nobody asked before)
 * and the figures are kept per kind.
 */
export async function runMix({
  name,
  baseUrl,
  connections = 10,
  durationSeconds = 15,
  serverPid,
  next,
}) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const kinds = new Map();
  const record = (kind, ms, status) => {
    let entry = kinds.get(kind);
    if (entry === undefined) {
      entry = { times: [], ok: 0, failed: 0 };
      kinds.set(kind, entry);
    }
    entry.times.push(ms);
    if (status >= 200 && status < 300) entry.ok += 1;
    else entry.failed += 1;
  };
  const send = (request) =>
    new Promise((resolve) => {
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      const started = performance.now();
      const outgoing = http.request(
        {
          agent,
          hostname,
          port,
          method: request.method ?? 'GET',
          path: request.path,
          headers: {
            ...request.headers,
            ...(body === undefined ? {} : { 'content-length': body.length }),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            record(request.kind, performance.now() - started, response.statusCode ?? 0);
            resolve();
          });
        },
      );
      outgoing.on('error', () => {
        record(request.kind, performance.now() - started, 0);
        resolve();
      });
      outgoing.end(body);
    });
  const cpuBefore = serverPid === undefined ? null : processCpuMicros(serverPid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await send(next());
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpuAfter = serverPid === undefined ? null : processCpuMicros(serverPid);
  const client = process.cpuUsage(clientBefore);
  agent.destroy();
  let total = 0;
  let failed = 0;
  const perKind = {};
  for (const [kind, entry] of kinds) {
    entry.times.sort((a, b) => a - b);
    total += entry.times.length;
    failed += entry.failed;
    perKind[kind] = {
      count: entry.times.length,
      p50: percentile(entry.times, 50),
      p95: percentile(entry.times, 95),
      p99: percentile(entry.times, 99),
      failed: entry.failed,
    };
  }
  const all = [...kinds.values()].flatMap((entry) => entry.times).sort((a, b) => a - b);
  return {
    name,
    connections,
    durationSeconds,
    requestsPerSecond: total / elapsedSeconds,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    total,
    failed,
    perKind,
    serverCpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || total === 0
        ? null
        : (cpuAfter - cpuBefore) / total,
    clientCpuMicrosPerRequest: total === 0 ? null : (client.user + client.system) / total,
  };
}
