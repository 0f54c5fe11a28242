#!/usr/bin/env node
// `npm run bench [name...]`: runs bench/<name>.bench.mjs (all of them when no name is given),
// one after another so they do not compete for the two cores. Build first: `npm run build`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .map((f) => f.slice(0, -'.bench.mjs'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n== ${name}`);
  const r = spawnSync(process.execPath, [`${dir}${name}.bench.mjs`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
