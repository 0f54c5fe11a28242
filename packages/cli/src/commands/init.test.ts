import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

describe('gamut init', () => {
  it('writes a starter that validates and runs offline as written', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gamut-init-')), 'my-eval');
    const init = await runGamut(['init', dir]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('meta-rubrics.jsonl, answers.jsonl, run.yaml, README.md');

    const validate = await runGamut(['validate', 'meta-rubrics.jsonl'], { cwd: dir });
    expect(validate.code).toBe(0);
    const types = readFileSync(join(dir, 'meta-rubrics.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .flatMap((l) => (JSON.parse(l) as { items: { type: string }[] }).items.map((i) => i.type));
    expect(new Set(types)).toEqual(
      new Set(['fact', 'strict_list', 'flexible_list', 'process', 'relationship', 'meta_insight']),
    );

    const run = await runGamut(['run', 'run.yaml', '--json'], { cwd: dir, launcher: ['unshare', '-rn'] });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      judges: { models: { model: string; setting: string; n: number; gamut: number }[] }[];
    };
    const [a, b] = ['model-a', 'model-b'].map((m) => out.judges[0]?.models.find((x) => x.model === m));
    // The starter's questions have no image: they are graded in the text setting only.
    expect(out.judges[0]?.models.map((m) => m.setting)).toEqual(['text', 'text']);
    expect(a?.n).toBe(2);
    expect(b?.n).toBe(2);
    // model-a's answers state what the rubrics ask; model-b's miss most of it and contradict I1.
    expect(a?.gamut).toBeGreaterThan(0.8);
    expect(b?.gamut).toBeLessThan(0.3);
  });

  it('never overwrites: exit 2 naming the file, and the file is unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gamut-init-'));
    writeFileSync(join(dir, 'run.yaml'), 'mine\n');
    const r = await runGamut(['init', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(dir, 'run.yaml'));
    expect(readFileSync(join(dir, 'run.yaml'), 'utf8')).toBe('mine\n');
  });
});
