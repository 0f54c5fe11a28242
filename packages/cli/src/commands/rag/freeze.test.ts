import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

async function unfrozenCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gamut-freeze-'));
  const file = join(dir, 'golden.json');
  const g = JSON.parse(await readFile('fixtures/wiki/golden.json', 'utf8'));
  delete g.frozen_hash;
  await writeFile(file, JSON.stringify(g, null, 2));
  return file;
}

describe('gamut rag freeze', () => {
  it('records the same hash as the bundled frozen set, keeping the rest of the file as written', async () => {
    const file = await unfrozenCopy();
    const bundled = JSON.parse(await readFile('fixtures/wiki/golden.json', 'utf8'));
    const r = await runGamut(['rag', 'freeze', file, '--wiki', 'fixtures/wiki/wiki.jsonl']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`frozen_hash ${bundled.frozen_hash}`);
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect(written).toEqual(bundled);
    const again = await runGamut(['rag', 'freeze', file, '--wiki', 'fixtures/wiki/wiki.jsonl', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: false, frozen_hash: bundled.frozen_hash });
  });

  it('refuses an edited frozen set with exit 2, and re-freezes it with --force', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-freeze-'));
    const file = join(dir, 'golden.json');
    await copyFile('fixtures/wiki/golden.json', file);
    const g = JSON.parse(await readFile(file, 'utf8'));
    g.questions[0].gold_answer = '다른 답';
    await writeFile(file, JSON.stringify(g));
    const r = await runGamut(['rag', 'freeze', file, '--wiki', 'fixtures/wiki/wiki.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('edited after it was frozen');
    expect(JSON.parse(await readFile(file, 'utf8')).frozen_hash).toBe(g.frozen_hash);
    const f = await runGamut(['rag', 'freeze', file, '--wiki', 'fixtures/wiki/wiki.jsonl', '--force', '--json']);
    expect(f.code).toBe(0);
    const s = JSON.parse(f.stdout);
    expect(s.changed).toBe(true);
    expect(s.previous_hash).toBe(g.frozen_hash);
    expect(JSON.parse(await readFile(file, 'utf8')).frozen_hash).toBe(s.frozen_hash);
  });

  it('names question, fact and page when a fact cites an archived page', async () => {
    const file = await unfrozenCopy();
    const g = JSON.parse(await readFile(file, 'utf8'));
    g.questions[0].required_facts[1].page_ids = ['POL-099'];
    await writeFile(file, JSON.stringify(g));
    const r = await runGamut(['rag', 'freeze', file, '--wiki', 'fixtures/wiki/wiki.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('questions[0].required_facts[1].page_ids[0]');
    expect(r.stderr).toContain('(question q-ko-001, item F2)');
    expect(r.stderr).toContain('fact F2 cites page POL-099, which has no current version (archived)');
  });
});
