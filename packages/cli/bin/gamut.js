#!/usr/bin/env node
// The bundled CLI (dist/bundle, written by `npm run build`) starts about 200 ms of CPU sooner than
// the module tree tsc writes (docs/performance.md). The tree runs when there is no bundle, when it
// is older than the last tsc build of any package (rebuilt without bundling), or with GAMUT_BUNDLE=0.
import { statSync } from 'node:fs';

const mtime = (path) => {
  try {
    return statSync(new URL(path, import.meta.url)).mtimeMs;
  } catch {
    return -1;
  }
};
const bundle = process.env.GAMUT_BUNDLE === '0' ? -1 : mtime('../dist/bundle/main.js');
const builds = [
  '../tsconfig.tsbuildinfo',
  ...['core', 'providers', 'store', 'wiki', 'search', 'queue', 'node'].map((p) => `../../${p}/tsconfig.tsbuildinfo`),
];
await import(bundle >= 0 && builds.every((b) => mtime(b) <= bundle) ? '../dist/bundle/main.js' : '../dist/main.js');
