import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

describe('gamut rag agent', () => {
  it('reproduces the bundled offline run exactly', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'gamut-agent-')), 'out.jsonl');
    const r = await runGamut([
      'rag',
      'agent',
      '--wiki',
      'fixtures/wiki/wiki.jsonl',
      '--golden',
      'fixtures/wiki/golden.json',
      '-o',
      out,
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: 'offline', questions: 24, agent: 'gamut-baseline-bm25' });
    expect(await readFile(out, 'utf8')).toBe(await readFile('fixtures/wiki/agent-output.jsonl', 'utf8'));
    const lines = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const worked = lines.find((l) => l.question_id === 'q-ko-001');
    expect(worked.answer).toMatch(/\[OPS-102\]/);
    expect(worked.answer).toMatch(/\[POL-101\]/);
  });

  it('refuses a bad option value with exit 2', async () => {
    const r = await runGamut([
      'rag',
      'agent',
      '--wiki',
      'fixtures/wiki/wiki.jsonl',
      '--golden',
      'fixtures/wiki/golden.json',
      '-o',
      '/tmp/x.jsonl',
      '--threshold',
      '2',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--threshold must be in [0, 1]');
  });
});

describe('gamut rag agent --model', () => {
  it('answers through a model spec (the deterministic mock provider) and names it in each line', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'gamut-agent-')), 'out.jsonl');
    const r = await runGamut([
      'rag',
      'agent',
      '--wiki',
      'fixtures/wiki/wiki.jsonl',
      '--golden',
      'fixtures/wiki/golden.json',
      '-o',
      out,
      '--model',
      'mock:judge',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: 'llm', questions: 24, agent: 'gamut-baseline-bm25+mock:judge' });
    const lines = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(24);
    expect(lines.every((l) => l.answer.length > 0 && l.citations === undefined)).toBe(true);
  });
});
