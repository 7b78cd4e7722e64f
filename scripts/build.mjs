// Production build: the web app with Vite into dist/web, the server and core with tsc into
// dist/node, then a content hash so `npm start` can tell a stale build from a current one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildInfoPath, rootDir, sourceHash } from './build-info.mjs';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from './web-budget.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `\nBuild failed: ${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`,
    );
    process.exit(1);
  }
}

const hash = sourceHash();
rmSync(buildInfoPath, { force: true });
rmSync(join(rootDir, 'dist', 'node'), { recursive: true, force: true });
run(process.execPath, [join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']);
run(process.execPath, [
  join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc'),
  '-p',
  'tsconfig.build.json',
]);
// The compiled server keeps its `#contract/…`-style imports; this package scope maps them to
// the compiled rooms, as the root package.json maps them to the sources.
const rootPackage = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
const compiledImports = Object.fromEntries(
  Object.entries(rootPackage.imports)
    .filter(([, target]) => /^\.\/src\/(contract|text|server)\//.test(target))
    .map(([alias, target]) => [alias, target.replace('./src/', './')]),
);
writeFileSync(
  join(rootDir, 'dist', 'node', 'package.json'),
  JSON.stringify({ type: 'module', imports: compiledImports }, null, 2),
);
const initial = measureInitialJs(join(rootDir, 'dist', 'web'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `Initial JavaScript for /: ${kb(initial.gzip)} gzipped in ${initial.files.length} files (budget ${kb(INITIAL_JS_BUDGET_BYTES)}).`,
);
if (initial.files.length === 0 || initial.gzip > INITIAL_JS_BUDGET_BYTES) {
  for (const file of initial.files) console.error(`  ${file.source}: ${kb(file.gzip)} gzipped`);
  console.error(
    initial.files.length === 0
      ? 'Build failed: dist/web/index.html loads no script, so the budget cannot be measured.'
      : 'Build failed: the JavaScript for / is over its budget; lazy-load what the first screen does not need.',
  );
  process.exit(1);
}

mkdirSync(join(rootDir, 'dist'), { recursive: true });
writeFileSync(
  buildInfoPath,
  JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString() }, null, 2),
);
console.log('Build complete: dist/web (app) and dist/node (server).');
