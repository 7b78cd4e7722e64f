export const PRECOMPRESS_MIN_BYTES: number;
export function precompress(dir: string): number;
