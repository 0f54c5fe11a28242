#!/usr/bin/env node
// The bundled CLI starts about 200 ms of CPU sooner than the module tree tsc writes, and its
// CommonJS form (dist/script/main.cjs, run with V8's code cache: compiled-script.js) about 150 ms
// sooner again from the second run (docs/performance.md). Both are written by `npm run build`
// and run when at least as new as the last tsc build of every package (not rebuilt without
// bundling). GAMUT_COMPILE_CACHE=0 runs the ES-module bundle; GAMUT_BUNDLE=0 the tsc tree.
import { statSync } from 'node:fs';

const mtime = (path) => {
  try {
    return statSync(new URL(path, import.meta.url)).mtimeMs;
  } catch {
    return -1;
  }
};
const builds = [
  '../tsconfig.tsbuildinfo',
  ...['core', 'providers', 'store', 'wiki', 'search', 'queue', 'node'].map((p) => `../../${p}/tsconfig.tsbuildinfo`),
];
const fresh = (path) =>
  process.env.GAMUT_BUNDLE !== '0' && mtime(path) >= 0 && builds.every((b) => mtime(b) <= mtime(path));

if (process.env.GAMUT_COMPILE_CACHE !== '0' && fresh('../dist/script/main.cjs')) {
  const { runCompiledScript } = await import('./compiled-script.js');
  runCompiledScript(new URL('../dist/script/main.cjs', import.meta.url));
} else {
  await import(fresh('../dist/bundle/main.js') ? '../dist/bundle/main.js' : '../dist/main.js');
}
