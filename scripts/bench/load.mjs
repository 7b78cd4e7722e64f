// Runs one autocannon scenario and reduces it to the figures we report. autocannon's summary
// has no p95, so every response time is also kept and the percentiles are computed here.
import autocannon from 'autocannon';

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
  ...options
}) {
  const times = [];
  const statuses = new Map();
  const instance = autocannon({ url, connections, duration: durationSeconds, ...options });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
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
    statuses: Object.fromEntries(statuses),
  };
}
