import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Each published package exports a curated list of names: the ones docs/api.md documents and
// the ones our other packages (and bench, tests, examples) import. Nothing else: a helper that
// stops being used elsewhere leaves the public API with it, and none arrives through `export *`.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  workspaces?: string[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const workspaces = (readJson(join(ROOT, 'package.json')).workspaces ?? []).map((dir) => ({
  dir,
  pkg: readJson(join(ROOT, dir, 'package.json')),
}));
const published = workspaces.filter((w) => !w.pkg.private && existsSync(join(ROOT, w.dir, 'src/index.ts')));

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === '.work') continue;
    if (statSync(path).isDirectory()) out.push(...codeFiles(path));
    else if (/\.(m?[jt]sx?)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The names a module of the package exports, as the compiler sees them. */
function exportedNames(indexFile: string): string[] {
  const program = ts.createProgram([indexFile], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexFile);
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : [];
}

/** Names a file takes from `spec`: named imports and re-exports, and dynamic imports destructured or read as `mod.name`. */
function namesImported(file: string, isTarget: (spec: string) => boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2023, true);
  const names: string[] = [];
  const namespaces = new Set<string>();
  const specOf = (node: ts.Node): string | null =>
    ts.isStringLiteralLike(node) ? node.text : ts.isTemplateExpression(node) ? node.getText() : null;
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const spec = specOf(node.moduleSpecifier);
      if (spec !== null && isTarget(spec)) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
          for (const e of bindings.elements) names.push((e.propertyName ?? e.name).getText());
        }
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      }
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      const spec = specOf(node.arguments[0]);
      let parent = node.parent;
      if (parent && ts.isAwaitExpression(parent)) parent = parent.parent;
      if (parent && ts.isParenthesizedExpression(parent) && ts.isPropertyAccessExpression(parent.parent)) {
        if (spec !== null && isTarget(spec)) names.push(parent.parent.name.text);
      }
      if (spec !== null && isTarget(spec) && parent && ts.isVariableDeclaration(parent)) {
        if (ts.isObjectBindingPattern(parent.name)) {
          for (const e of parent.name.elements) names.push((e.propertyName ?? e.name).getText());
        } else if (ts.isIdentifier(parent.name)) namespaces.add(parent.name.text);
      }
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      names.push(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Our code outside package `dir`: the other workspaces, bench, the repository's tests, examples. */
function codeOutside(dir: string): string[] {
  const others = workspaces.filter((w) => w.dir !== dir).map((w) => join(ROOT, w.dir, 'src'));
  return [...others, join(ROOT, 'bench'), join(ROOT, 'test'), join(ROOT, 'examples')].flatMap(codeFiles);
}

const docs = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
const documented = (name: string) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(docs);

describe('each published package exports a curated list', () => {
  it.each(published)('$dir: its index names every export (no export *)', ({ dir }) => {
    const text = readFileSync(join(ROOT, dir, 'src/index.ts'), 'utf8');
    expect(text.match(/^export \*.*$/gm) ?? []).toEqual([]);
  });

  it.each(published)(
    '$dir: every export is documented in docs/api.md or imported by our other code',
    ({ dir, pkg }) => {
      const isTarget = (spec: string) =>
        spec === pkg.name || spec.endsWith(`${dir}/dist/index.js`) || spec.endsWith(`${dir}/dist/index.js\``);
      const used = new Set(codeOutside(dir).flatMap((f) => namesImported(f, isTarget)));
      const unused = exportedNames(join(ROOT, dir, 'src/index.ts')).filter((n) => !used.has(n) && !documented(n));
      expect(unused, `exported by ${relative(ROOT, join(ROOT, dir, 'src/index.ts'))}, used nowhere`).toEqual([]);
    },
  );

  it('reads the ways our code imports: named, re-exported, destructured, and through a namespace', () => {
    const file = join(ROOT, 'test/exports.test.ts');
    expect(namesImported(file, (s) => s === 'typescript')).toEqual([]);
    expect(new Set(namesImported(file, (s) => s === 'vitest'))).toEqual(new Set(['describe', 'expect', 'it']));
    const fixture = join(ROOT, 'packages/cli/src/judges/run-command.ts');
    if (existsSync(fixture)) expect(namesImported(fixture, (s) => s === '@gamut/core').length).toBeGreaterThan(0);
  });
});
