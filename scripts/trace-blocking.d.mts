export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}
export declare function blockingTime(
  events: TraceEvent[],
  slowdown?: number,
): { fromWall: number; fromCpu: number; wall: number; cpu: number; tasks: number };
