import { describe, expect, it } from 'vitest';
import { AnswerLine, CompiledRubric, MetaRubric, VerdictLine } from '../schema/index.js';
import { buildReportModel } from './build-report.js';

const HASH = 'a'.repeat(64);
const rubric = CompiledRubric.parse({
  question_id: 'q1',
  rubric_hash: HASH,
  language: 'en',
  domain: 'food',
  checks: [
    ...[1, 2, 3, 4, 5].map((i) => ({
      id: `I1.m${i}`,
      kind: 'member',
      tier: 'answer_critical',
      secondary: false,
      text: `Mentions member ${i}`,
      item: 'I1',
      snippets: [],
    })),
    ...[1, 2, 3, 4].map((i) => ({
      id: `I2.a${i}`,
      kind: 'aspect',
      tier: 'valuable',
      secondary: false,
      text: `States aspect ${i}`,
      item: 'I2',
      snippets: ['S1'],
    })),
  ],
});
const meta = MetaRubric.parse({
  question_id: 'q1',
  question: 'What is this dish?',
  language: 'en',
  domain: 'food',
  image: 'images/q1.png',
  snippets: [{ id: 'S1', title: 'Source', text: 'Evidence text.' }],
  items: [
    {
      id: 'I1',
      type: 'strict_list',
      tier: 'answer_critical',
      text: 'Members',
      members: [1, 2, 3, 4, 5].map((i) => ({ text: `m${i}` })),
    },
    {
      id: 'I2',
      type: 'relationship',
      tier: 'valuable',
      text: 'Compared',
      entity: 'other',
      aspects: [1, 2, 3, 4].map((i) => ({ text: `a${i}`, snippets: ['S1'] })),
    },
  ],
});
const response = 'It has m1, m2 and m3. <b>bold</b> claims.';
const answers = ['A', 'B'].flatMap((model) =>
  (['multimodal', 'text_only'] as const).map((setting) => ({
    ...AnswerLine.parse({ question_id: 'q1', model, setting, response }),
    setting,
  })),
);
// SPEC §4's worked numbers: answer_critical M M M P S, valuable M M S C.
const WORKED = [
  'meets',
  'meets',
  'meets',
  'partially_meets',
  'missing',
  'meets',
  'meets',
  'missing',
  'contradicts',
] as const;
const ALL_MEET = WORKED.map(() => 'meets' as const);

function verdicts(judge: string, pick: (model: string, setting: string) => readonly string[]) {
  return answers.flatMap((a) =>
    rubric.checks.map((c, i) => ({
      ...VerdictLine.parse({
        question_id: 'q1',
        model: a.model,
        setting: a.setting,
        check_id: c.id,
        verdict: pick(a.model, a.setting)[i],
        rationale: `r${i}`,
        ...(i === 0 && { quote: 'm1, m2' }),
        ...(i === 1 && { quote: 'not in the answer' }),
        judge,
      }),
      setting: a.setting,
    })),
  );
}

describe('buildReportModel', () => {
  const model = buildReportModel({
    manifest: null,
    metaRubrics: [meta],
    rubrics: [rubric],
    answers,
    verdicts: [
      ...verdicts('j1', (m, s) => (m === 'A' && s === 'multimodal' ? WORKED : m === 'A' ? ALL_MEET : WORKED)),
      ...verdicts('j2', () => ALL_MEET),
    ],
    judge: 'j1',
    resamples: 50,
  });
  const s = model.summary;

  it('scores the chosen judge like the scorer: SPEC §4 worked example gives 0.4667', () => {
    const a = s.leaderboard.find((r) => r.model === 'A' && r.setting === 'multimodal');
    expect(a?.gamut).toBeCloseTo(0.42 / 0.9, 10);
    expect(a?.tiers).toEqual({ answer_critical: 0.7, valuable: 0, context: null });
    expect(a?.verdicts).toEqual({ meets: 5, partially_meets: 1, missing: 2, contradicts: 1 });
    expect(a?.ci95?.[0]).toBeCloseTo(0.42 / 0.9, 10);
  });

  it('ranks within each setting', () => {
    const textOnly = s.leaderboard.filter((r) => r.setting === 'text_only').map((r) => [r.model, r.rank]);
    expect(textOnly).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect(s.judge).toBe('j1');
    expect(s.judges).toEqual(['j1', 'j2']);
  });

  it('builds the heat map, setting ablation and judge views', () => {
    expect(s.heatmap.domains).toEqual(['food']);
    expect(s.heatmap.cells.find((c) => c.model === 'A' && c.setting === 'text_only')?.score).toBe(1);
    const a = s.settings_ablation?.find((p) => p.model === 'A');
    expect(a?.difference).toBeCloseTo(0.42 / 0.9 - 1, 10);
    expect(s.judges_view?.judges.map((j) => j.judge)).toEqual(['j1', 'j2']);
    expect(s.judges_view?.pairs[0]?.points).toHaveLength(4);
    expect(s.judges_view?.models.find((m) => m.model === 'B')?.scores.j2?.gamut).toBe(1);
  });

  it('gives each judge its own leaderboard for the switcher', () => {
    expect(Object.keys(s.leaderboards_by_judge ?? {})).toEqual(['j1', 'j2']);
    expect(s.leaderboards_by_judge?.j1).toEqual(s.leaderboard);
    // j2 says meets everywhere: every unit scores 1.
    expect(s.leaderboards_by_judge?.j2?.map((r) => r.gamut)).toEqual([1, 1, 1, 1]);
    const a = s.leaderboards_by_judge?.j2?.find((r) => r.model === 'A' && r.setting === 'multimodal');
    expect(a?.verdicts).toEqual({ meets: 9, partially_meets: 0, missing: 0, contradicts: 0 });
  });

  it('keeps per-question scores columnar', () => {
    expect(s.questions.ids).toEqual(['q1']);
    expect(s.questions.text).toEqual(['What is this dish?']);
    expect(s.questions.rubric_hash).toEqual([HASH]);
    expect(s.questions.entity).toEqual([null]);
    expect(s.questions.scores['B|multimodal']?.[0]).toBeCloseTo(0.42 / 0.9, 10);
  });

  it('gives the drill-down verdict codes, rationales and quote offsets in check order', () => {
    const q = model.questions[0];
    const a = q?.answers.find((x) => x.model === 'A' && x.setting === 'multimodal');
    expect(a?.judgements.j1?.codes).toBe('MMMPSMMSC');
    expect(a?.judgements.j2?.codes).toBe('MMMMMMMMM');
    expect(a?.judgements.j1?.rationales[8]).toBe('r8');
    expect(a?.judgements.j1?.quotes[0]).toEqual([7, 13]);
    expect(a?.judgements.j1?.quotes[1]).toBe('not in the answer');
    expect(a?.judgements.j1?.quotes[2]).toBeNull();
    expect(a?.response).toBe(response);
    expect(q?.items.map((i) => i.parts.length)).toEqual([5, 5]);
    expect(q?.items[1]?.snippets).toEqual(['S1']);
    expect(q?.image).toBe('images/q1.png');
  });

  it('has no judge views for one judge and no rag when the run has none', () => {
    const one = buildReportModel({
      manifest: null,
      metaRubrics: [],
      rubrics: [rubric],
      answers,
      verdicts: verdicts('j', () => WORKED),
      resamples: 10,
    });
    expect(one.summary.judges_view).toBeNull();
    expect(one.summary.leaderboards_by_judge).toBeNull();
    expect(one.summary.rag).toBeNull();
    expect(one.questions[0]?.question).toBe('q1');
  });
});
