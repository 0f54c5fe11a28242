import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { CompiledRubric, type Verdict, VerdictLine } from '../schema/index.js';
import { kindFromCheckId, providerFamily } from './family.js';
import { analyzeJudges } from './judges.js';
import { analyzeRepeatability } from './repeatability.js';
import { analyzeSettings } from './settings.js';

const F = ['I1.fact'];
const Q = ['q1', 'q2', 'q3', 'q4'];

describe('analyzeJudges', () => {
  // One answer-critical check per question, so an answer scores 1 (meets) or 0 (missing).
  const rubrics = Q.map((q) => rubric(q, F));
  const per = (judge: string, model: string, letters: string): VerdictLine[] =>
    Q.flatMap((question, i) => lines({ judge, model, question, checks: F, verdicts: letters[i] as string }));
  const verdicts = [
    ...per('openai:gpt-4o', 'gpt-4o-mini', 'mmmm'), // 1.0
    ...per('openai:gpt-4o', 'claude-haiku', 'mmxx'), // 0.5
    ...per('openai:gpt-4o', 'llama-3', 'mxxx'), // 0.25
    ...per('anthropic:claude-3', 'gpt-4o-mini', 'mmxx'), // 0.5
    ...per('anthropic:claude-3', 'claude-haiku', 'mmmm'), // 1.0
    ...per('anthropic:claude-3', 'llama-3', 'mxxx'), // 0.25
  ];
  const r = analyzeJudges({ rubrics, verdicts, resamples: 200 });

  it('scores, ranks and the largest difference', () => {
    const gpt = r.models.find((m) => m.model === 'gpt-4o-mini');
    expect(gpt?.scores['openai:gpt-4o']).toMatchObject({ gamut: 1, rank: 1 });
    expect(gpt?.scores['anthropic:claude-3']).toMatchObject({ gamut: 0.5, rank: 2 });
    expect(gpt?.family).toBe('openai');
    expect(r.largest_difference).toEqual({
      model: 'claude-haiku',
      setting: 'multimodal',
      spread: 0.5,
      highest: 'anthropic:claude-3',
      lowest: 'openai:gpt-4o',
    });
  });

  it('run-level rank agreement apart from per-question and per-verdict agreement', () => {
    const [pair] = r.pairs;
    // gpt>claude>llama vs claude>gpt>llama: one discordant pair of three
    expect(pair?.kendall_tau).toBeCloseTo(1 / 3, 12);
    expect(pair?.spearman).toBeCloseTo(0.5, 12);
    // q1 is constant (undefined); q2 orders both judges' answers alike (tau 1); q3 and q4 each give
    // tau-b = −1/√(2·2): per question the judges agree far less (mean 0) than the run-level 1/3 suggests
    expect(pair?.per_question_tau).toBeCloseTo(0, 12);
    expect(pair?.per_question_n).toBe(3);
    // 8 of 12 verdicts agree; both judges say meets 7 times → p_e = 74/144 → 22/70
    expect(pair?.verdict_agreement).toBeCloseTo(8 / 12, 12);
    expect(pair?.verdict_kappa).toBeCloseTo(22 / 70, 12);
    expect(pair?.points).toHaveLength(3);
  });

  it('leniency and self-preference', () => {
    expect(r.judges.map((j) => [j.judge, j.family, j.leniency])).toEqual([
      ['anthropic:claude-3', 'anthropic', 0],
      ['openai:gpt-4o', 'openai', 0],
    ]);
    // Each judge rates its own family 0.5 above the other judge and the others 0.25 below on average.
    expect(r.self_preference.map((s) => [s.judge, s.own_offset, s.other_offset, s.self_preference])).toEqual([
      ['anthropic:claude-3', 0.5, -0.25, 0.75],
      ['openai:gpt-4o', 0.5, -0.25, 0.75],
    ]);
  });

  it('needs two judges', () => {
    expect(() => analyzeJudges({ rubrics, verdicts: verdicts.slice(0, 4) })).toThrow(InputError);
  });
});

describe('analyzeRepeatability', () => {
  const C = ['I1.fact', 'I2.m1'];
  const rubrics = [rubric('q1', C), rubric('q2', C)];
  const run = (model: string, sample: number, q1: string, q2: string) => [
    ...lines({ judge: 'j', model, question: 'q1', checks: C, verdicts: q1, sample }),
    ...lines({ judge: 'j', model, question: 'q2', checks: C, verdicts: q2, sample }),
  ];
  const verdicts = [
    ...run('gpt', 0, 'mm', 'mm'), // 1
    ...run('gpt', 1, 'mm', 'mx'), // 0.75
    ...run('claude', 0, 'mx', 'mx'), // 0.5
    ...run('claude', 1, 'mm', 'mx'), // 0.75
    ...run('llama', 0, 'xx', 'xx'), // 0
    ...run('llama', 1, 'xx', 'xx'), // 0
  ];
  const [r] = analyzeRepeatability({ rubrics, verdicts }).judges;

  it('flip rates per kind and tier', () => {
    expect(r?.samples).toEqual([0, 1]);
    expect(r?.overall).toMatchObject({ checks: 12, flipped: 2, flip_rate: 2 / 12 });
    expect(r?.by_kind.map((k) => [k.kind, k.flip_rate])).toEqual([
      ['fact', 0],
      ['member', 2 / 6],
    ]);
    expect(r?.by_tier).toEqual([{ tier: 'answer_critical', checks: 12, flipped: 2, flip_rate: 2 / 12 }]);
    // P̄ = 10/12, p_e = 1/2 → kappa 2/3; alpha adds (1 − P̄)/(n(1 − p_e)) with n = 24
    expect(r?.overall.fleiss_kappa).toBeCloseTo(2 / 3, 12);
    expect(r?.overall.krippendorff_alpha).toBeCloseTo(2 / 3 + 2 / 12 / 12, 12);
  });

  it('score spread and ranking stability', () => {
    const gpt = r?.models.find((m) => m.model === 'gpt');
    expect(gpt?.scores).toEqual([1, 0.75]);
    expect(gpt?.range).toBeCloseTo(0.25, 12);
    expect(gpt?.sd).toBeCloseTo(Math.sqrt(2 * 0.125 ** 2), 12);
    expect(r?.ranking_holds).toBe(false);
    // claude, gpt, llama: 0.5, 1, 0 vs 0.75, 0.75, 0 → C = 2, one tie in the second → 2/√6
    expect(r?.mean_tau).toBeCloseTo(2 / Math.sqrt(6), 12);
  });

  it('needs repeats', () => {
    expect(() => analyzeRepeatability({ rubrics, verdicts: verdicts.filter((v) => v.sample === 0) })).toThrow(
      /two or more times/,
    );
  });
});

describe('analyzeSettings', () => {
  const rubrics = [rubric('q1', F, 'food'), rubric('q2', F, 'art')];
  const v = (model: string, setting: 'multimodal' | 'text_only', q1: string, q2: string) => [
    ...lines({ judge: 'j', model, question: 'q1', checks: F, verdicts: q1, setting }),
    ...lines({ judge: 'j', model, question: 'q2', checks: F, verdicts: q2, setting }),
  ];
  const verdicts = [
    ...v('gpt', 'multimodal', 'm', 'm'),
    ...v('gpt', 'text_only', 'm', 'x'),
    ...v('claude', 'multimodal', 'm', 'x'),
    ...v('claude', 'text_only', 'x', 'x'),
  ];
  const r = analyzeSettings({ rubrics, verdicts, resamples: 100 });

  it('per model, per domain, and whether the ranking survives', () => {
    expect(r.models.map((m) => [m.model, m.multimodal, m.text_only, m.difference, m.rank_multimodal])).toEqual([
      ['claude', 0.5, 0, 0.5, 2],
      ['gpt', 1, 0.5, 0.5, 1],
    ]);
    expect(r.by_domain.map((d) => [d.model, d.domain, d.difference])).toEqual([
      ['claude', 'art', 0],
      ['claude', 'food', 1],
      ['gpt', 'art', 1],
      ['gpt', 'food', 0],
    ]);
    expect(r.domains).toEqual([
      { domain: 'art', models: 2, difference: 0.5 },
      { domain: 'food', models: 2, difference: 0.5 },
    ]);
    expect(r.ranking).toMatchObject({ n: 2, kendall_tau: 1, holds: true });
    expect(r.ranking.spearman).toBeCloseTo(1, 12);
  });

  it('needs both settings', () => {
    expect(() => analyzeSettings({ rubrics, verdicts: verdicts.filter((x) => x.setting === 'multimodal') })).toThrow(
      /both the multimodal and the text_only/,
    );
  });
});

describe('families and kinds from names', () => {
  it('guesses provider families, honours overrides, and knows non-models', () => {
    expect(providerFamily('anthropic:claude-sonnet-4')).toBe('anthropic');
    expect(providerFamily('openai-compatible:Qwen3-32B@http://localhost:8000/v1')).toBe('alibaba');
    expect(providerFamily('ollama:llama3.1')).toBe('meta');
    expect(providerFamily('gemini-2.5-pro')).toBe('google');
    expect(providerFamily('human:kim')).toBeNull();
    expect(providerFamily('offline')).toBeNull();
    expect(providerFamily('my-model', { 'my-model': 'acme' })).toBe('acme');
    expect(kindFromCheckId('I3.fullseq')).toBe('full_sequence');
    expect(kindFromCheckId('D.cov4')).toBe('coverage');
    expect(kindFromCheckId('weird')).toBeNull();
  });
});

/** A compiled rubric with answer-critical checks of the given ids (kinds follow the id suffix). */
function rubric(question: string, checkIds: readonly string[], domain?: string): CompiledRubric {
  return CompiledRubric.parse({
    question_id: question,
    rubric_hash: 'a'.repeat(64),
    ...(domain && { domain }),
    checks: checkIds.map((id) => ({
      id,
      tier: 'answer_critical',
      text: `check ${id}`,
      item: id.split('.')[0] as string,
      secondary: false,
      snippets: [],
      kind: id.endsWith('.fact') ? 'fact' : 'member',
    })),
  });
}

const CODE: Record<string, Verdict> = { m: 'meets', p: 'partially_meets', x: 'missing', c: 'contradicts' };

/** Verdict lines from a compact spec: `verdicts` holds one letter per check (m, p, x, c). */
function lines(spec: {
  judge: string;
  model: string;
  question: string;
  checks: readonly string[];
  verdicts: string;
  setting?: 'multimodal' | 'text_only';
  sample?: number;
}): VerdictLine[] {
  return spec.checks.map((check_id, i) =>
    VerdictLine.parse({
      question_id: spec.question,
      model: spec.model,
      setting: spec.setting ?? 'multimodal',
      check_id,
      verdict: CODE[spec.verdicts[i] as string],
      rationale: '',
      judge: spec.judge,
      ...(spec.sample !== undefined && { sample: spec.sample }),
    }),
  );
}
