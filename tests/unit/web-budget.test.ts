import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { initialScripts, measureInitialJs } from '#scripts/web-budget.mjs';

const INDEX = `<!doctype html><html><head>
<script src="/boot-xyz.js"></script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-def.js">
<link rel="modulepreload" crossorigin href="/assets/react-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
<link rel="manifest" href="/manifest.webmanifest">
<script type="module" src="https://cdn.example.com/x.js"></script>
</head><body></body></html>`;

describe('initialScripts', () => {
  it('lists the boot script, the entry and its preloaded chunks once each, and nothing else', () => {
    expect(initialScripts(INDEX)).toEqual([
      '/boot-xyz.js',
      '/assets/index-abc.js',
      '/assets/react-def.js',
    ]);
  });

  it('counts the worker the boot script starts at once', () => {
    const html =
      '<script src="/boot-xyz.js" data-app="/assets/index-abc.js" data-intl-warmup="/assets/intl-warmup-1.js"></script>';
    expect(initialScripts(html)).toEqual(['/boot-xyz.js', '/assets/intl-warmup-1.js']);
  });

  it('finds nothing in a page without module scripts', () => {
    expect(initialScripts('<html><body>hi</body></html>')).toEqual([]);
  });
});

describe('measureInitialJs', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('adds up the gzipped size of every initial script', () => {
    dir = mkdtempSync(join(tmpdir(), 'web-budget-'));
    mkdirSync(join(dir, 'assets'));
    const entry = 'export const a = 1;\n'.repeat(200);
    const preload = 'export function b() { return Math.random(); }\n'.repeat(50);
    const boot = 'document.documentElement.dataset.x = "1";\n';
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'boot-xyz.js'), boot);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), entry);
    writeFileSync(join(dir, 'assets', 'react-def.js'), preload);
    writeFileSync(join(dir, 'assets', 'lazy-route.js'), 'x'.repeat(100_000));
    const measured = measureInitialJs(dir);
    expect(measured.files.map((file) => file.source)).toEqual([
      '/boot-xyz.js',
      '/assets/index-abc.js',
      '/assets/react-def.js',
    ]);
    expect(measured.gzip).toBe(
      gzipSync(boot).length + gzipSync(entry).length + gzipSync(preload).length,
    );
  });
});
