import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

const tmp = () => mkdtemp(join(tmpdir(), 'gamut-import-'));

describe('gamut rag import', () => {
  it('imports the bundled page folder to the bundled snapshot, printing counts and the snapshot id', async () => {
    const out = join(await tmp(), 'wiki.jsonl');
    const r = await runGamut(['rag', 'import', 'fixtures/wiki/pages', '-o', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('imported folder: 22 pages, 35 versions (19 current, 13 historical, 3 archived)');
    expect(await readFile(out, 'utf8')).toBe(await readFile('fixtures/wiki/wiki.jsonl', 'utf8'));
    const golden = JSON.parse(await readFile('fixtures/wiki/golden.json', 'utf8'));
    expect(r.stdout).toContain(`snapshot ${golden.wiki_snapshot}`);
  });

  it('imports a zipped Confluence space export with --json', async () => {
    const out = join(await tmp(), 'wiki.jsonl');
    const r = await runGamut(['rag', 'import', 'fixtures/wiki/confluence/space-export.zip', '-o', out, '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({
      format: 'confluence-xml',
      pages: 2,
      versions: 3,
      by_status: { current: 1, historical: 1, archived: 1 },
      skipped: { 'status deleted': 1 },
    });
    expect(s.snapshot_id).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(out, 'utf8')).trim().split('\n')).toHaveLength(3);
  });

  it('imports a REST v2 export with an explicit --format', async () => {
    const out = join(await tmp(), 'wiki.jsonl');
    const r = await runGamut([
      'rag',
      'import',
      'fixtures/wiki/confluence/rest-v2',
      '--format',
      'confluence-json',
      '-o',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('4 pages, 6 versions (3 current, 2 historical, 1 archived)');
    expect(r.stdout).toContain('skipped: 1 status trashed');
  });

  it('exits 2 naming the page and lines when a page has two current versions, and writes nothing', async () => {
    const dir = await tmp();
    const src = join(dir, 'bad.jsonl');
    const line = (v: number) =>
      JSON.stringify({ page_id: 'POL-101', title: 't', status: 'current', version: v, body: 'b' });
    await (await import('node:fs/promises')).writeFile(src, `${line(1)}\n${line(2)}\n`);
    const out = join(dir, 'out.jsonl');
    const r = await runGamut(['rag', 'import', src, '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('page POL-101 has 2 current versions (line 1, line 2)');
    await expect(readFile(out, 'utf8')).rejects.toThrow();
  });

  it('exits 2 for a missing source', async () => {
    const r = await runGamut(['rag', 'import', 'nope/nothing', '-o', '/tmp/x.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read nope/nothing');
  });
});
