import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const W = (f: string) => join(REPO_ROOT, 'fixtures/wiki', f);
const GOLDEN = W('golden.json');
const WIKI = W('wiki.jsonl');

const override = {
  flag: {
    question_id: 'q-ko-001',
    kind: 'value_override',
    detail: 'fact F1: judge said meets, value check says contradicts',
  },
  decision: 'confirm',
  who: 'alice',
  at: '2026-12-01T10:00:00Z',
  reason: 'OPS-102 v3 says 10분',
  change: { op: 'set_fact_values', question_id: 'q-ko-001', fact_id: 'F1', values: ['10분'] },
};
const rejected = {
  flag: { question_id: 'q-ko-003', kind: 'citation_not_current', detail: 'claim cites OPS-130@1' },
  decision: 'reject',
  who: 'bob',
  at: '2026-12-01T10:06:00Z',
  reason: 'the agent cited an old version',
};

const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-golden-', server: false });
const runGamut = (args: readonly string[]) => fx.gamut(args);

async function jsonl(name: string, lines: unknown[]): Promise<string> {
  const file = join(fx.dir, name);
  await writeFile(file, `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`);
  return file;
}

const propose = (decisions: string, out: string) =>
  runGamut(['rag', 'golden', 'propose', GOLDEN, '--decisions', decisions, '--wiki', WIKI, '-o', out]);

describe('gamut rag golden propose / release', () => {
  it('proposes the next version from confirmed decisions and releases it under a new hash; the old set and its runs keep theirs', async () => {
    const before = await readFile(GOLDEN, 'utf8');
    const decisions = await jsonl('decisions.jsonl', [override, rejected]);
    const proposal = join(fx.dir, 'proposal.json');
    const p = await propose(decisions, proposal);
    expect(p.stderr).toBe('');
    expect(p.code).toBe(0);
    expect(p.stdout).toContain('norumi-wiki-qa 1.0.0 → 1.0.1: 1 change (0 confirmed without a change, 1 rejected)');
    expect(p.stdout).toContain('q-ko-001 F1: values 15분 → 10분  (confirmed by alice: OPS-102 v3 says 10분)');
    const out = join(fx.dir, 'golden-1.0.1.json');
    const r = await runGamut([
      'rag',
      'golden',
      'release',
      proposal,
      '--wiki',
      WIKI,
      '--base',
      GOLDEN,
      '-o',
      out,
      '--by',
      'alice',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const release = JSON.parse(r.stdout);
    expect(await readFile(GOLDEN, 'utf8')).toBe(before);
    const old = JSON.parse(before);
    expect(release).toMatchObject({
      version: '1.0.1',
      released_by: 'alice',
      previous: { version: '1.0.0', hash: old.frozen_hash },
    });
    const released = JSON.parse(await readFile(out, 'utf8'));
    expect(released.version).toBe('1.0.1');
    expect(released.frozen_hash).toBe(release.hash);
    expect(released.frozen_hash).not.toBe(old.frozen_hash);
    expect(await readFile(join(fx.dir, 'golden-1.0.1.changelog.md'), 'utf8')).toContain('Confirmed by alice');
    // The released set loads as a frozen set (its hash is its content's), and a run graded on either set names its own.
    const score = (golden: string) =>
      runGamut([
        'rag',
        'score',
        '--golden',
        golden,
        '--wiki',
        WIKI,
        '--run',
        W('agent-output.jsonl'),
        '--judge',
        `labels:${W('judgments.jsonl')}`,
        '--json',
      ]);
    const [oldRun, newRun] = await Promise.all([score(GOLDEN), score(out)]);
    expect(newRun.code, newRun.stderr).not.toBe(2);
    expect(JSON.parse(oldRun.stdout).golden).toEqual({
      name: 'norumi-wiki-qa',
      version: '1.0.0',
      hash: old.frozen_hash,
    });
    expect(JSON.parse(newRun.stdout).golden).toEqual({ name: 'norumi-wiki-qa', version: '1.0.1', hash: release.hash });
    // Released once: the same --out is refused.
    const again = await runGamut(['rag', 'golden', 'release', proposal, '--wiki', WIKI, '-o', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('[release-exists]');
  });

  it('refuses decisions the set cannot take with exit 2, naming file, line and rule', async () => {
    const bad = { ...override, change: { ...override.change, fact_id: 'F9' } };
    const decisions = await jsonl('bad.jsonl', [rejected, bad]);
    const r = await propose(decisions, join(fx.dir, 'never.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${decisions}:2`);
    expect(r.stderr).toContain('[unknown-fact]');
    const broken = await jsonl('broken.jsonl', [override, '{"flag": oops']);
    const b = await propose(broken, join(fx.dir, 'never.json'));
    expect(b.code).toBe(2);
    expect(b.stderr).toContain(`${broken}:2`);
  });
});
