export interface MixRequest {
  kind: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface KindFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

export interface MixResult {
  name?: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
  failed: number;
  perKind: Record<string, KindFigures>;
  serverCpuMicrosPerRequest: number | null;
  /**
   * This process's own CPU (the load generator's) per request. It does the same work for every
   * request whatever the server does, so it moves only with the machine's speed.
   */
  clientCpuMicrosPerRequest: number | null;
}

export declare function runMix(options: {
  name?: string;
  baseUrl: string;
  connections?: number;
  durationSeconds?: number;
  serverPid?: number;
  next: () => MixRequest;
}): Promise<MixResult>;

/** The value at percentile `p` (0..100) of an ascending list; 0 for an empty one. */
export function percentile(sorted: readonly number[], p: number): number;
