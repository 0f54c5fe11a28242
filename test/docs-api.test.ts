import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// Every ```ts block of docs/api.md, type-checked as a module of its own against the built
// packages, resolved as a user's project resolves them: through node_modules and each package's
// `exports` (`npm test` builds first).

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = 'docs/api.md';

interface Snippet {
  /** The line of docs/api.md the code starts on. */
  line: number;
  code: string;
}

function snippetsOf(markdown: string): Snippet[] {
  const out: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```ts') continue;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1]?.trim() !== '```') i++;
    out.push({ line: start + 1, code: lines.slice(start, i + 1).join('\n') });
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'gamut-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function typeErrors(snippets: readonly Snippet[]): string[] {
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const files = snippets.map((s, i) => {
    const file = join(dir, `snippet-${i}.ts`);
    writeFileSync(file, `${s.code}\nexport {};\n`);
    return file;
  });
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    const index = d.file ? files.indexOf(d.file.fileName) : -1;
    const where =
      at && index >= 0 ? `${DOC}:${(snippets[index] as Snippet).line + at.line}` : (d.file?.fileName ?? DOC);
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('docs/api.md', () => {
  const snippets = snippetsOf(readFileSync(join(ROOT, DOC), 'utf8'));

  it('finds the snippets: one per section at least', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(7);
    expect(snippetsOf('text\n```ts\nconst a = 1;\n```\n```sh\nls\n```\n')).toEqual([{ line: 3, code: 'const a = 1;' }]);
  });

  it('every TypeScript snippet type-checks against the built packages', () => {
    expect(typeErrors(snippets)).toEqual([]);
  });
});
