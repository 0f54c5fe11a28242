import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-golden-review-', server: false });
const gamut = (args: readonly string[]) => fx.gamut(args, { timeoutMs: 120_000 });
const json = (name: string) => JSON.parse(readFileSync(join(fx.dir, name), 'utf8'));

describe('wiki-QA flags reviewed in the store become the next golden version', () => {
  beforeAll(async () => {
    expect((await gamut(['demo', '--out', 'd', '--json'])).code).toBe(0);
  }, 120_000);

  it('queue --flags, a reviewer confirms and rejects, propose --review and release; the run keeps 1.0.0', async () => {
    const flags = json('d/rag/rag-score.json').flags as Array<{ question_id: string; kind: string }>;
    const q = await gamut(['review', 'queue', 'd', '--flags', '--json']);
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout)).toMatchObject({ queue: 'flags-1', items: flags.length });
    const add = await gamut(['review', 'add-annotator', 'd', '--name', 'rita', '--role', 'reviewer', '--json']);
    const { token } = JSON.parse(add.stdout) as { token: string };
    // f002 is the demo's q-ko-006: OPS-102 also states "1시간"; f001 the value override on q-ko-004.
    expect(flags.slice(0, 2).map((f) => [f.question_id, f.kind])).toEqual([
      ['q-ko-004', 'value_override'],
      ['q-ko-006', 'other_page_supports'],
    ]);
    const confirm = await gamut([
      'review',
      'confirm',
      'd',
      '--token',
      token,
      '--item',
      'f002',
      '--reason',
      'OPS-102 says so',
    ]);
    expect(confirm.stdout).toBe('rita confirmed flags-1/f002; next: f003\n');
    await gamut(['review', 'reject', 'd', '--token', token, '--item', 'f001', '--reason', 'the agent left it out']);
    // An annotator may not decide a flag: the role is checked (exit 2).
    const ann = await gamut(['review', 'add-annotator', 'd', '--name', 'ann', '--role', 'annotator', '--json']);
    const other = JSON.parse(ann.stdout).token as string;
    const refused = await gamut(['review', 'confirm', 'd', '--token', other, '--item', 'f003', '--reason', 'x']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('[not-allowed]');

    const p = await gamut(['rag', 'golden', 'propose', 'd/rag/golden.json', '--review', 'd', '-o', 'prop.json']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toContain('norumi-wiki-qa 1.0.0 → 1.0.1: 1 change (0 confirmed without a change, 1 rejected)');
    expect(p.stdout).toContain('q-ko-006 F1: page OPS-102 added  (confirmed by rita: OPS-102 says so)');
    const r = await gamut([
      'rag',
      'golden',
      'release',
      'prop.json',
      '--wiki',
      'd/rag/wiki.jsonl',
      '--base',
      'd/rag/golden.json',
      '-o',
      'next.json',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const old = json('d/rag/golden.json');
    const next = json('next.json');
    expect(next.version).toBe('1.0.1');
    expect(next.frozen_hash).toBe(JSON.parse(r.stdout).hash);
    expect(next.frozen_hash).not.toBe(old.frozen_hash);
    const fact = next.questions.find((x: { question_id: string }) => x.question_id === 'q-ko-006').required_facts[0];
    expect(fact.page_ids).toEqual(['SEC-402', 'OPS-102']);
    expect(json('d/rag/rag-score.json').golden).toEqual({
      name: 'norumi-wiki-qa',
      version: '1.0.0',
      hash: old.frozen_hash,
    });
  });

  it('refuses flags raised on another golden version, and propose without decisions', async () => {
    const other = await gamut(['rag', 'golden', 'propose', 'next.json', '--review', 'd', '-o', 'never.json']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('[other-golden]');
    const none = await gamut(['rag', 'golden', 'propose', 'd/rag/golden.json', '--wiki', 'd/rag/wiki.jsonl']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--review <run>');
  });
});
