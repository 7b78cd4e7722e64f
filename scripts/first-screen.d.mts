import type { Alias, Plugin } from 'vite';

export function firstScreen(options: { root: string; alias: Alias[] }): Plugin;
