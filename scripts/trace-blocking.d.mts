export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}
export declare const BLOCKING_MS: number;
export declare function blockingPart(ms: number): number;
export declare function mainThreadTasks(events: TraceEvent[]): {
  paint: TraceEvent;
  tasks: { start: number; end: number; cpu: number }[];
};
export declare function blockingTime(
  events: TraceEvent[],
  slowdown?: number,
): { fromWall: number; fromCpu: number; wall: number; cpu: number; tasks: number };
