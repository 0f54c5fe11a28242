import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// What `npm publish` needs of every workspace, and that each package declares exactly the
// packages it imports. `npm run test:pack` checks the same packages packed and installed.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  description?: string;
  license?: string;
  repository?: { type?: string; url?: string; directory?: string };
  engines?: { node?: string };
  sideEffects?: boolean | string[];
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: Record<string, string | { types?: string; default?: string }>;
  files?: string[];
  publishConfig?: { access?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  workspaces?: string[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const root = readJson(join(ROOT, 'package.json'));
const workspaces = (root.workspaces ?? []).map((dir) => ({ dir, pkg: readJson(join(ROOT, dir, 'package.json')) }));
const published = workspaces.filter((w) => !w.pkg.private);
const byName = new Map(workspaces.map((w) => [w.pkg.name, w]));

/** Test code: built by no one, shipped to no one; it may use the repository's dev tools. */
const isTestFile = (path: string) =>
  /\.test\.tsx?$|\.test-helpers\.ts$/.test(path) || /(^|\/)(test-support|testing)\//.test(path);

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) out.push(...codeFiles(path));
    else if (/\.(m?[jt]sx?)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The package names a file imports (static, dynamic and type-only imports alike). */
function packagesImported(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const names: string[] = [];
  for (const { fileName: spec } of importedFiles) {
    if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
    if (!builtinModules.includes(name)) names.push(name);
  }
  return names;
}

/** package name → the files (relative to the repository) that import it. */
function importsOf(files: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files)
    for (const name of packagesImported(f)) out.set(name, [...(out.get(name) ?? []), relative(ROOT, f)]);
  return out;
}

/** Code that ships: the package's source and bin, tests left out. */
const runtimeImports = (dir: string) =>
  importsOf([...codeFiles(join(ROOT, dir, 'src')), ...codeFiles(join(ROOT, dir, 'bin'))].filter((f) => !isTestFile(f)));

/** Code that does not ship: tests, build scripts, tool configs at the package's top. */
function devImports(dir: string): Map<string, string[]> {
  const top = readdirSync(join(ROOT, dir))
    .filter((n) => /\.(m?[jt]sx?)$/.test(n))
    .map((n) => join(ROOT, dir, n));
  const tests = codeFiles(join(ROOT, dir, 'src')).filter(isTestFile);
  return importsOf([...tests, ...codeFiles(join(ROOT, dir, 'scripts')), ...top]);
}

/** The peer dependencies of a package installed in node_modules: a dependency may be there only to satisfy one. */
function peersOf(name: string, from: string): string[] {
  for (const base of [join(ROOT, from, 'node_modules'), join(ROOT, 'node_modules')]) {
    const file = join(base, name, 'package.json');
    if (existsSync(file)) return Object.keys(readJson(file).peerDependencies ?? {});
  }
  return [];
}

describe('each package declares exactly what it imports', () => {
  it.each(workspaces)('$dir: every package its code imports is a dependency', ({ dir, pkg }) => {
    const declared = { ...pkg.dependencies, ...pkg.peerDependencies };
    const undeclared = [...runtimeImports(dir)]
      .filter(([name]) => name !== pkg.name && !(name in declared))
      .map(([name, files]) => `${name} (imported by ${files.join(', ')})`);
    expect(undeclared).toEqual([]);
  });

  it.each(workspaces)('$dir: every dependency is imported, or is a peer another dependency needs', ({ dir, pkg }) => {
    const deps = Object.keys(pkg.dependencies ?? {});
    const imported = runtimeImports(dir);
    const peers = new Set(deps.flatMap((d) => peersOf(d, dir)));
    expect(deps.filter((d) => !imported.has(d) && !peers.has(d))).toEqual([]);
  });

  it.each(workspaces)(
    '$dir: tests and scripts import only what the package or the repository declares',
    ({ dir, pkg }) => {
      const declared = {
        ...pkg.dependencies,
        ...pkg.peerDependencies,
        ...pkg.devDependencies,
        ...root.devDependencies,
      };
      const undeclared = [...devImports(dir)]
        .filter(([name]) => name !== pkg.name && !(name in declared))
        .map(([name, files]) => `${name} (imported by ${files.join(', ')})`);
      expect(undeclared).toEqual([]);
    },
  );

  it.each(workspaces)('$dir: versions are exact, and ours are the workspace versions', ({ pkg }) => {
    const bad: string[] = [];
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      const ours = byName.get(name);
      if (ours && version !== ours.pkg.version) bad.push(`${name}@${version}: the workspace is ${ours.pkg.version}`);
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) bad.push(`${name}@${version}: pin an exact version`);
    }
    expect(bad).toEqual([]);
  });

  it('the checks see imports: a file of known imports reads back as them', () => {
    const names = packagesImported(join(ROOT, 'test/packages.test.ts'));
    expect(new Set(names)).toEqual(new Set(['typescript', 'vitest']));
  });
});

describe('every package that is not private can be published', () => {
  const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');

  it('the repository has the full Apache-2.0 licence text', () => {
    expect(root.license).toBe('Apache-2.0');
    expect(license).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(license).toContain('END OF TERMS AND CONDITIONS');
    expect(license.split('\n').length).toBeGreaterThan(200);
  });

  it('the web app is private: its build ships inside gamut', () => {
    expect(byName.get('@gamut/web')?.pkg.private).toBe(true);
  });

  it.each(published)('$dir: licence, repository, engines, description, sideEffects', ({ dir, pkg }) => {
    expect(pkg.license).toBe(root.license);
    expect(readFileSync(join(ROOT, dir, 'LICENSE'), 'utf8')).toBe(license);
    expect(pkg.repository).toEqual({ ...root.repository, directory: dir });
    expect(pkg.engines?.node).toBe(root.engines?.node);
    expect(pkg.description?.length).toBeGreaterThan(10);
    expect(pkg.sideEffects).toBeDefined();
    if (pkg.name.startsWith('@')) expect(pkg.publishConfig?.access).toBe('public');
  });

  it.each(published)('$dir: exports, types and bin name built files that `files` ships', ({ dir, pkg }) => {
    const targets: string[] = [];
    for (const [key, value] of Object.entries(pkg.exports ?? {})) {
      if (key === './package.json') continue;
      expect(
        typeof value === 'object' && value.types && value.default,
        `exports["${key}"] has types and default`,
      ).toBeTruthy();
      if (typeof value === 'object') targets.push(value.types as string, value.default as string);
    }
    expect(pkg.exports?.['.']).toEqual({ types: pkg.types, default: pkg.main });
    const bad: string[] = [];
    for (const t of targets) {
      // dist/x.js and dist/x.d.ts are built from src/x.ts
      const source = t.replace(/^\.\/dist\//, 'src/').replace(/(\.d)?\.js$|\.d\.ts$/, '.ts');
      if (!existsSync(join(ROOT, dir, source))) bad.push(`${t}: no ${source} builds it`);
      if (!pkg.files?.some((f) => t.replace(/^\.\//, '').startsWith(`${f}/`))) bad.push(`${t}: not in files`);
    }
    for (const bin of Object.values(pkg.bin ?? {})) {
      if (!existsSync(join(ROOT, dir, bin))) bad.push(`bin ${bin} is missing`);
      if (!pkg.files?.some((f) => bin.replace(/^\.\//, '').startsWith(`${f}/`))) bad.push(`bin ${bin}: not in files`);
    }
    expect(bad).toEqual([]);
  });

  it.each(published)('$dir: depends on no private workspace', ({ pkg }) => {
    const privateDeps = Object.keys(pkg.dependencies ?? {}).filter((d) => byName.get(d)?.pkg.private);
    expect(privateDeps).toEqual([]);
  });
});
