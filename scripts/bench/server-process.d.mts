import type { ChildProcess } from 'node:child_process';

export declare function ensureCurrentBuild(): void;
export declare function freePort(): Promise<number>;
export declare function waitForOk(url: string, timeoutMs?: number): Promise<void>;
export declare function startProcess(args: string[], env?: Record<string, string>): ChildProcess;
export declare function startAppServer(options: {
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): ChildProcess;
export declare function stopProcess(child: ChildProcess): Promise<void>;
