import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fx = useCliFixture({ beforeAll, afterAll }, { prefix: 'gamut-review-', server: false });
const gamut = (args: readonly string[]) => fx.gamut(args, { timeoutMs: 120_000 });
const file = (name: string) => readFileSync(join(fx.dir, name), 'utf8');
const V = ['meets', 'partially_meets', 'missing', 'contradicts'] as const;
const item = (i: number) => `i${String(i).padStart(3, '0')}`;
// ann gives item i verdict i mod 4; bo agrees except on every fifth item, where he says the next one.
const ann = (i: number) => V[i % 4] as string;
const bo = (i: number) => (i % 5 === 0 ? (V[(i + 1) % 4] as string) : ann(i));

const tokens: Record<string, string> = {};
const event = (who: string, role: string, i: number, kind: string, value: string) => ({
  id: `t-${who}-${i}-${kind}`,
  owner_id: 'demo',
  queue_id: 'labels-1',
  item_id: item(i),
  who,
  role,
  round: kind === 'adjudicate' ? 2 : 1,
  at: '2026-12-01T12:00:00.000Z',
  kind,
  value,
});

interface Status {
  queues: Array<{
    id: string;
    total: number;
    counts: Record<string, number>;
    annotators: { pairs: Array<{ a: string; b: string; n: number; kappa: number }>; krippendorff_alpha: number } | null;
    judge_vs_final: {
      judge: string;
      n: number;
      agreement: number;
      kappa: number;
      kappa_ci95: [number, number];
      by_kind: Array<{ kind: string; n: number; agreement: number; kappa: number | null; kappa_ci95: unknown }>;
    } | null;
  }>;
}

describe('gamut review on the demo run', () => {
  beforeAll(async () => {
    expect((await gamut(['demo', '--out', 'd', '--json'])).code).toBe(0);
  }, 120_000);

  it('creates a 40-item queue stratified by check kind × judge verdict', async () => {
    const r = await gamut(['review', 'queue', 'd', '--sample', '40', '--seed', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      queue: string;
      items: number;
      strata: Array<{ key: string; sampled: number }>;
    };
    expect([out.queue, out.items]).toEqual(['labels-1', 40]);
    expect(out.strata.reduce((n, s) => n + s.sampled, 0)).toBe(40);
    expect(out.strata.every((s) => /^[a-z_]+\|(meets|partially_meets|missing|contradicts)$/.test(s.key))).toBe(true);
    const text = await gamut(['review', 'queue', 'd', '--sample', '5', '--id', 'small']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Queue small: 5 \(answer, check\) pairs/);
    expect(text.stdout).toMatch(/Check kind\s+│\s+Judge verdict\s+│\s+Population\s+│\s+Sampled/);
  }, 60_000);

  it('adds two annotators and an adjudicator, each with a token shown once', async () => {
    for (const [name, role] of [
      ['ann', 'annotator'],
      ['bo', 'annotator'],
      ['민지', 'adjudicator'],
    ] as const) {
      const r = await gamut(['review', 'add-annotator', 'd', '--name', name, '--role', role, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { name: string; role: string; token: string };
      expect([out.name, out.role]).toEqual([name, role]);
      expect(out.token).toMatch(/^gmt_[A-Za-z0-9_-]{32}$/);
      tokens[name] = out.token;
    }
    const again = await gamut(['review', 'add-annotator', 'd', '--name', 'ann', '--role', 'annotator']);
    expect([again.code, again.stderr]).toEqual([2, expect.stringContaining('[annotator-exists]')]);
    expect(readFileSync(join(fx.dir, '.gamut/gamut.db')).includes(Buffer.from(tokens.ann as string))).toBe(false);
  }, 60_000);

  it('labels and adjudicates through the CLI and by import; status equals analyze calibration', async () => {
    for (const i of [1, 5]) {
      for (const [who, give] of [
        ['ann', ann],
        ['bo', bo],
      ] as const) {
        const r = await gamut([
          'review',
          'label',
          'd',
          '--token',
          tokens[who] as string,
          '--queue',
          'labels-1',
          '--item',
          item(i),
          '--verdict',
          give(i),
          '--note',
          `${who} on ${i}`,
        ]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain(`${who} labelled labels-1/${item(i)} ${give(i)}`);
      }
    }
    const adjudicate = (i: number, verdict: string) =>
      gamut([
        'review',
        'adjudicate',
        'd',
        '--token',
        tokens.민지 as string,
        '--queue',
        'labels-1',
        '--item',
        item(i),
        '--verdict',
        verdict,
      ]);
    const early = await adjudicate(2, 'meets');
    expect([early.code, early.stderr]).toEqual([2, expect.stringContaining('[nothing-to-adjudicate]')]);
    const adj = await adjudicate(5, ann(5));
    expect(adj.code, adj.stderr).toBe(0);
    const wrong = await gamut([
      'review',
      'label',
      'd',
      '--token',
      'gmt_nope',
      '--queue',
      'labels-1',
      '--item',
      item(2),
      '--verdict',
      'meets',
    ]);
    expect([wrong.code, wrong.stderr]).toEqual([2, expect.stringContaining('[unknown-token]')]);

    const rest: object[] = [];
    for (let i = 2; i <= 40; i++) {
      if (i === 5) continue;
      rest.push(event('ann', 'annotator', i, 'label', ann(i)), event('bo', 'annotator', i, 'label', bo(i)));
      if (i % 5 === 0) rest.push(event('민지', 'adjudicator', i, 'adjudicate', i % 10 === 0 ? bo(i) : ann(i)));
    }
    fx.write({ 'rest.jsonl': rest });
    const imported = await gamut(['review', 'import', 'd', 'rest.jsonl']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`Imported ${rest.length} review events`);

    const s = await gamut(['review', 'status', 'd', '--queue', 'labels-1', '--json']);
    expect(s.code, s.stderr).toBe(0);
    const q = (JSON.parse(s.stdout) as Status).queues[0];
    expect(q?.counts).toEqual({ waiting: 0, done: 32, disagreement: 0, adjudicated: 8 });
    // p_o = 32/40, every verdict 10 times for both: p_e = 1/4, kappa = (0.8 − 0.25)/0.75.
    expect(q?.annotators?.pairs.map((p) => [p.a, p.b, p.n])).toEqual([['ann', 'bo', 40]]);
    expect(q?.annotators?.pairs[0]?.kappa).toBeCloseTo(0.55 / 0.75, 10);
    // 80 values, 20 of each verdict, 16 of the 80 pairable values disagree: 1 − 0.2 / (4800/6320).
    expect(q?.annotators?.krippendorff_alpha).toBeCloseTo(1 - 0.2 / (4800 / 6320), 10);

    const exported = await gamut(['review', 'export', 'd', '-o', 'events.jsonl', '--labels', 'labels.jsonl']);
    expect(exported.code, exported.stderr).toBe(0);
    const events = file('events.jsonl').trim().split('\n');
    expect(events).toHaveLength(rest.length + 5);
    const labels = file('labels.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { verdict: string; judge: string });
    expect(labels).toHaveLength(40);
    expect(new Set(labels.map((l) => l.judge))).toEqual(new Set(['human:labels-1']));

    const cal = await gamut([
      'analyze',
      'calibration',
      '--labels',
      'labels.jsonl',
      '--judgments',
      'd/verdicts.jsonl',
      '--rubrics',
      'd/rubrics.jsonl',
      '--json',
    ]);
    expect(cal.code, cal.stderr).toBe(0);
    type Block = { n: number; agreement: number; kappa: number | null; kappa_ci95: [number, number] | null };
    const c = (
      JSON.parse(cal.stdout) as {
        judges: Array<{ aspects: { checks: { vs_majority: Block; by_kind: Array<Block & { kind: string }> } } }>;
      }
    ).judges[0]?.aspects.checks;
    const j = q?.judge_vs_final;
    expect(j?.n).toBe(40);
    expect([j?.n, j?.agreement, j?.kappa, j?.kappa_ci95]).toEqual([
      c?.vs_majority.n,
      c?.vs_majority.agreement,
      c?.vs_majority.kappa,
      c?.vs_majority.kappa_ci95,
    ]);
    expect(j?.by_kind.length).toBeGreaterThan(1);
    expect(j?.by_kind).toEqual(
      c?.by_kind.map((b) => ({
        kind: b.kind,
        n: b.n,
        agreement: b.agreement,
        kappa: b.kappa,
        kappa_ci95: b.kappa_ci95,
      })),
    );

    const text = await gamut(['review', 'status', 'd', '--queue', 'labels-1']);
    expect(text.stdout).toContain('40 items — 32 done, 0 waiting, 0 in disagreement, 8 adjudicated');
    expect(text.stdout).toMatch(/ann vs bo\s+│\s+40\s+│\s+80\.0%\s+│\s+0\.733/);
  }, 240_000);

  it('import: a bad line is refused naming file, line and rule, and nothing is stored; a re-import changes nothing', async () => {
    const before = file('events.jsonl');
    const good = event('ann', 'annotator', 1, 'comment', '');
    const lines = [
      JSON.stringify({ ...good, id: 'new-1', kind: 'comment', reason: 'fine', value: undefined }),
      JSON.stringify({ ...event('bo', 'annotator', 3, 'label', 'yes'), id: 'new-2' }),
    ];
    fx.write({ 'bad.jsonl': `${lines.join('\n')}\n` });
    const bad = await gamut(['review', 'import', 'd', 'bad.jsonl']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.jsonl:2\b.*"yes" is not a label of this queue.*\[unknown-label\]/);
    const again = await gamut(['review', 'import', 'd', 'events.jsonl']);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('Imported 0 review events')]);
    expect((await gamut(['review', 'export', 'd', '-o', 'after.jsonl'])).code).toBe(0);
    expect(file('after.jsonl')).toBe(before);
  }, 120_000);
});
