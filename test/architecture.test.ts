import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORE = join(ROOT, 'packages/core/src');
const WIKI = join(ROOT, 'packages/wiki/src');

/** `schema ← issues ← {text, records, memory} ← rubric ← judge ← score ← {rag, analysis} ← {report, validate} ← review ← build`: a folder may import only those to its left. */
const LAYERS: Record<string, number> = {
  schema: 0,
  issues: 1,
  text: 2,
  records: 2,
  memory: 2,
  rubric: 3,
  judge: 4,
  score: 5,
  rag: 6,
  analysis: 6,
  report: 7,
  validate: 7,
  // People's reviews: derived state, blindness, sampling and agreement over the analysis.
  review: 8,
  build: 9,
};

/** The TypeScript files below `dir`; tests only when asked for. */
function sourceFiles(dir: string, withTests = false): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p, withTests));
    // Tests and their helpers (kept out of every build) may read fixtures with node:fs.
    else if (/\.tsx?$/.test(name) && (withTests || !/\.test(-helpers)?\.tsx?$/.test(name))) out.push(p);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    specs.push((m[1] ?? m[2]) as string);
  }
  return specs;
}

/** Source without comments and string literals, so a doc comment that mentions `process.env` is not a read. */
function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, "''");
}

function folderOf(file: string): string {
  return relative(CORE, file).split('/')[0] as string;
}

describe('the dependency rule', () => {
  it('core imports no node built-ins and no other workspace package', () => {
    const bad: string[] = [];
    for (const f of sourceFiles(CORE)) {
      for (const s of importsOf(f)) {
        if (s.startsWith('node:') || s === 'fs' || s === 'path' || s.startsWith('@gamut/')) {
          bad.push(`${relative(ROOT, f)} imports ${s}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('wiki imports no node built-ins and, of ours, only @gamut/core', () => {
    const bad: string[] = [];
    for (const f of sourceFiles(WIKI)) {
      for (const s of importsOf(f)) {
        if (s.startsWith('node:') || s === 'fs' || s === 'path' || (s.startsWith('@gamut/') && s !== '@gamut/core')) {
          bad.push(`${relative(ROOT, f)} imports ${s}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('inside core, a folder imports only folders to its left; ports only schema; nothing imports run', () => {
    const bad: string[] = [];
    for (const f of sourceFiles(CORE)) {
      const from = folderOf(f);
      if (from === 'index.ts' || from === 'test') continue;
      for (const s of importsOf(f)) {
        if (!s.startsWith('.')) continue;
        const target = relative(CORE, join(f, '..', s));
        const to = target.split('/')[0] as string;
        if (to === from || to.startsWith('..')) continue;
        if (to === 'run') {
          bad.push(`${relative(ROOT, f)} imports run`);
          continue;
        }
        if (from === 'run') continue;
        if (from === 'ports') {
          if (to !== 'schema') bad.push(`${relative(ROOT, f)}: ports may import only schema, not ${to}`);
          continue;
        }
        if (to === 'ports') continue;
        const a = LAYERS[from];
        const b = LAYERS[to];
        if (a === undefined || b === undefined || b >= a)
          bad.push(`${relative(ROOT, f)}: ${from} may not import ${to}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('providers, store, wiki and queue import @gamut/core only, never each other or the cli', () => {
    const bad: string[] = [];
    for (const pkg of ['providers', 'store', 'wiki', 'queue']) {
      for (const f of sourceFiles(join(ROOT, 'packages', pkg, 'src'))) {
        for (const s of importsOf(f)) {
          if (s.startsWith('@gamut/') && !s.startsWith('@gamut/core')) bad.push(`${relative(ROOT, f)} imports ${s}`);
          if (s === 'gamut' || s.startsWith('gamut/')) bad.push(`${relative(ROOT, f)} imports the cli`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('node imports, of ours, only @gamut/core and @gamut/wiki: stores and models reach it through core ports', () => {
    const bad: string[] = [];
    for (const f of sourceFiles(join(ROOT, 'packages/node/src'))) {
      for (const s of importsOf(f)) {
        if (s.startsWith('@gamut/') && s !== '@gamut/core' && s !== '@gamut/wiki')
          bad.push(`${relative(ROOT, f)} imports ${s}`);
        if (s === 'gamut' || s.startsWith('gamut/')) bad.push(`${relative(ROOT, f)} imports the cli`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('search imports, of ours, only @gamut/core, and reads neither argv nor the environment', () => {
    const bad: string[] = [];
    for (const f of sourceFiles(join(ROOT, 'packages/search/src'))) {
      for (const s of importsOf(f)) {
        if (s.startsWith('@gamut/') && s !== '@gamut/core') bad.push(`${relative(ROOT, f)} imports ${s}`);
        if (s === 'gamut' || s.startsWith('gamut/')) bad.push(`${relative(ROOT, f)} imports the cli`);
      }
      const code = codeOnly(readFileSync(f, 'utf8'));
      if (/process\.(argv|env)/.test(code)) bad.push(`${relative(ROOT, f)} reads process.argv or process.env`);
    }
    expect(bad).toEqual([]);
  });

  it('in the cli, only the entry point and commands/ import commands/: adapters depend on no verb', () => {
    const CLI = join(ROOT, 'packages/cli/src');
    const bad: string[] = [];
    for (const f of sourceFiles(CLI)) {
      const from = relative(CLI, f);
      if (from.startsWith('commands/') || from === 'main.ts') continue;
      for (const s of importsOf(f)) {
        if (!s.startsWith('.')) continue;
        if (relative(CLI, join(f, '..', s)).startsWith('commands/')) bad.push(`${relative(ROOT, f)} imports ${s}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('only tests and benchmarks import the testkit, and the testkit imports only @gamut/core of ours', () => {
    const bad: string[] = [];
    const isTestOrBench = (file: string) =>
      /\.test(-helpers)?\.tsx?$/.test(file) || /^(test|bench)\//.test(relative(ROOT, file));
    const files = [
      ...readdirSync(join(ROOT, 'packages'))
        .filter((pkg) => pkg !== 'testkit')
        .flatMap((pkg) => sourceFiles(join(ROOT, 'packages', pkg, 'src'), true)),
      ...sourceFiles(join(ROOT, 'apps', 'web', 'src'), true),
    ];
    for (const f of files) {
      if (isTestOrBench(f)) continue;
      for (const s of importsOf(f)) {
        if (s === '@gamut/testkit' || /(^|\/)testkit(\/|$)/.test(s)) bad.push(`${relative(ROOT, f)} imports ${s}`);
      }
    }
    for (const f of sourceFiles(join(ROOT, 'packages', 'testkit', 'src'), true)) {
      for (const s of importsOf(f)) {
        const ours = s.startsWith('@gamut/') || s === 'gamut' || s.startsWith('../../');
        if (ours && s !== '@gamut/core') bad.push(`${relative(ROOT, f)} imports ${s}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('only the cli reads argv or the environment', () => {
    const bad: string[] = [];
    for (const pkg of ['core', 'providers', 'store', 'wiki', 'queue', 'node']) {
      for (const f of sourceFiles(join(ROOT, 'packages', pkg, 'src'))) {
        const text = codeOnly(readFileSync(f, 'utf8'));
        if (/process\.argv/.test(text)) bad.push(`${relative(ROOT, f)} reads process.argv`);
        if (/process\.env/.test(text)) bad.push(`${relative(ROOT, f)} reads process.env`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the golden-set hash and the snapshot id are defined once, in core', () => {
    const defs: string[] = [];
    for (const pkg of readdirSync(join(ROOT, 'packages'))) {
      const src = join(ROOT, 'packages', pkg, 'src');
      if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
      for (const f of sourceFiles(src)) {
        const code = codeOnly(readFileSync(f, 'utf8'));
        for (const m of code.matchAll(
          /function\s+(goldenSetHash|\w*[sS]napshotId)\b|(goldenSetHash|\w*[sS]napshotId)\s*=\s*(?:\(|function)/g,
        ))
          defs.push(`${relative(ROOT, f)}: ${m[1] ?? m[2]}`);
      }
    }
    expect(defs).toEqual([
      'packages/core/src/rag/identity.ts: goldenSetHash',
      'packages/core/src/rag/identity.ts: ragSnapshotId',
    ]);
  });

  it.each([
    ['core', CORE],
    ['wiki', WIKI],
  ])('%s bundles for the browser', async (_name, dir) => {
    const result = await build({
      entryPoints: [join(dir, 'index.ts')],
      // The wiki bundle takes core from source, so the check needs no build first.
      alias: { '@gamut/core': join(CORE, 'index.ts') },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text.length).toBeGreaterThan(1000);
  });
});
