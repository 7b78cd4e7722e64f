export declare const BENCHMARKS_DOC: string;
export declare function writeDocSection(
  name: string,
  lines: readonly string[],
  after?: string,
): string;
