import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AnswerLine,
  type Check,
  CheckKind,
  CompiledRubric,
  compileMetaRubric,
  GivenVerdictLine,
  gamutScore,
  type MetaRubric,
  parseMetaRubric,
  parseRecords,
  TIERS,
  type TierCounts,
  tierScore,
  VERDICTS,
} from '@gamut/core';
import { describe, expect, it } from 'vitest';

// The bundled example dataset (fixtures/gamut): what `gamut demo` and the offline judge's calibration rely on.
const dir = fileURLToPath(new URL('../../../fixtures/gamut/', import.meta.url));
const read = (name: string) => parseRecords(readFileSync(`${dir}${name}`, 'utf8'), name);

const metas: MetaRubric[] = read('meta-rubrics.jsonl').map((r) => {
  const parsed = parseMetaRubric(r.value, { file: r.file, line: r.line });
  if (!parsed.value) throw new Error(`${r.file}:${r.line}: ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
});
const rubrics = read('rubrics.jsonl').map((r) => CompiledRubric.parse(r.value));
const answers = read('answers.jsonl').map((r) => AnswerLine.parse(r.value));
const labels = read('human-labels.jsonl').map((r) => GivenVerdictLine.parse(r.value));

const MODELS = ['atlas-large', 'breeze-mini', 'cinder-7b'];
const SETTINGS = ['multimodal', 'text_only'];
const checksOf = new Map<string, Map<string, Check>>(
  rubrics.map((r) => [r.question_id, new Map(r.checks.map((c) => [c.id, c]))]),
);
const HANGUL = /[\uac00-\ud7a3]/;

describe('fixtures/gamut meta-rubrics', () => {
  it('has at least 12 questions, at least 4 of them Korean, over several domains and all popularity bands', () => {
    expect(metas.length).toBeGreaterThanOrEqual(12);
    expect(metas.filter((m) => m.language === 'ko').length).toBeGreaterThanOrEqual(4);
    expect(metas.filter((m) => m.language === 'en').length).toBeGreaterThanOrEqual(4);
    expect(new Set(metas.map((m) => m.domain)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(metas.map((m) => m.popularity))).toEqual(new Set(['head', 'torso', 'tail']));
    expect(new Set(metas.map((m) => m.question_id)).size).toBe(metas.length);
  });

  it('uses every item type, a nested and a top-level insight, and cites snippets in every meta-rubric', () => {
    for (const m of metas) {
      const types = new Set(m.items.map((i) => i.type));
      expect([...types].sort(), m.question_id).toEqual(
        ['fact', 'flexible_list', 'meta_insight', 'process', 'relationship', 'strict_list'].sort(),
      );
      const nested = m.items.some((i) => 'insights' in i && (i.insights?.length ?? 0) > 0);
      expect(nested, `${m.question_id} has a nested insight`).toBe(true);
      const process = m.items.find((i) => i.type === 'process');
      expect(process?.steps.some((s) => s.required) && process.steps.some((s) => !s.required), m.question_id).toBe(
        true,
      );
      const rel = m.items.find((i) => i.type === 'relationship');
      expect(rel?.aspects.length, m.question_id).toBeGreaterThan(0);
      expect(m.snippets.length, m.question_id).toBeGreaterThanOrEqual(3);
      for (const s of m.snippets) expect(s.url && s.title, `${m.question_id} ${s.id}`).toBeTruthy();
      expect(m.entity && m.text_only_question && m.domain && m.popularity, m.question_id).toBeTruthy();
      if (m.language === 'ko') expect(m.question).toMatch(HANGUL);
    }
  });

  it('exercises every flexible-list compile path: short, long, explicit coverage and context tier', () => {
    const lists = metas.flatMap((m) => m.items.filter((i) => i.type === 'flexible_list'));
    expect(lists.some((l) => l.members.length <= 7 && l.tier !== 'context')).toBe(true);
    expect(lists.some((l) => l.members.length > 7 && !l.coverage)).toBe(true);
    expect(lists.some((l) => l.coverage !== undefined)).toBe(true);
    expect(lists.some((l) => l.tier === 'context')).toBe(true);
    expect(lists.some((l) => l.baseline.length === 2)).toBe(true);
  });

  it('ships a small image for every question that names one', () => {
    for (const m of metas) {
      expect(m.image, m.question_id).toMatch(/^images\/[\w-]+\.(png|svg)$/);
      const size = statSync(`${dir}${m.image}`).size;
      expect(size, m.image).toBeGreaterThan(0);
      expect(size, m.image).toBeLessThan(20 * 1024);
    }
  });

  it('rubrics.jsonl matches what the compiler makes of meta-rubrics.jsonl: hashes, ids, kinds and tiers', () => {
    // Check wording is left out on purpose: a template edit should not fail this test; `gamut compile` refreshes it.
    const shape = (r: CompiledRubric) => ({
      question_id: r.question_id,
      rubric_hash: r.rubric_hash,
      checks: r.checks.map((c) => [c.id, c.kind, c.tier, c.secondary]),
    });
    expect(rubrics.map(shape)).toEqual(metas.map((m) => shape(compileMetaRubric(m))));
  });
});

describe('fixtures/gamut answers', () => {
  it('has one answer from each of three models in both settings for every question, and nothing else', () => {
    const keys = answers.map((a) => `${a.question_id}|${a.model}|${a.setting}`);
    expect(new Set(keys).size).toBe(keys.length);
    const expected = metas.flatMap((m) =>
      MODELS.flatMap((model) => SETTINGS.map((s) => `${m.question_id}|${model}|${s}`)),
    );
    expect([...keys].sort()).toEqual(expected.sort());
  });

  it('answers Korean questions in Korean, in several paragraphs', () => {
    const lang = new Map(metas.map((m) => [m.question_id, m.language]));
    for (const a of answers) {
      const where = `${a.question_id} ${a.model} ${a.setting}`;
      expect(HANGUL.test(a.response), where).toBe(lang.get(a.question_id) === 'ko');
      expect(a.response.split(/\n\s*\n/).length, where).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('fixtures/gamut human labels', () => {
  it('has at least 240 labels by the lead, each on an existing answer and check, none twice', () => {
    expect(labels.length).toBeGreaterThanOrEqual(240);
    const answered = new Set(answers.map((a) => `${a.question_id}|${a.model}|${a.setting}`));
    const seen = new Set<string>();
    for (const l of labels) {
      const where = `${l.question_id} ${l.model} ${l.setting} ${l.check_id}`;
      expect(l.judge, where).toBe('human:lead');
      expect(answered.has(`${l.question_id}|${l.model}|${l.setting}`), where).toBe(true);
      expect(checksOf.get(l.question_id)?.has(l.check_id), where).toBe(true);
      expect([...l.rationale.trim()].length, where).toBeGreaterThanOrEqual(14);
      expect(l.rationale.trim(), where).toMatch(/^[^\n]+[.]$/);
      expect(seen.has(where), where).toBe(false);
      seen.add(where);
    }
  });

  it('covers every check kind, every verdict, all three models, both settings and both languages', () => {
    const kind = (l: GivenVerdictLine) => checksOf.get(l.question_id)?.get(l.check_id)?.kind;
    expect(new Set(labels.map(kind))).toEqual(new Set(CheckKind.options));
    expect(new Set(labels.map((l) => l.verdict))).toEqual(new Set(VERDICTS));
    expect(new Set(labels.map((l) => l.model))).toEqual(new Set(MODELS));
    expect(new Set(labels.map((l) => l.setting))).toEqual(new Set(SETTINGS));
    const lang = new Map(metas.map((m) => [m.question_id, m.language]));
    expect(new Set(labels.map((l) => lang.get(l.question_id)))).toEqual(new Set(['en', 'ko']));
    for (const v of ['partially_meets', 'contradicts'] as const) {
      expect(new Set(labels.filter((l) => l.verdict === v).map(kind)).size, v).toBeGreaterThanOrEqual(5);
    }
  });

  it('labels every check of each labelled answer, so the labels can grade those answers on their own', () => {
    const byAnswer = new Map<string, Set<string>>();
    for (const l of labels) {
      const key = `${l.question_id}|${l.model}|${l.setting}`;
      byAnswer.set(key, (byAnswer.get(key) ?? new Set()).add(l.check_id));
    }
    expect(byAnswer.size).toBeGreaterThanOrEqual(10);
    for (const [key, ids] of byAnswer) {
      const q = key.split('|')[0] ?? '';
      expect([...ids].sort(), key).toEqual([...(checksOf.get(q)?.keys() ?? [])].sort());
    }
  });

  it('scores the labelled pizza answers as hand-computed with SPEC §4 defaults', () => {
    const score = (model: string) => {
      const counts = Object.fromEntries(
        TIERS.map((t) => [t, { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 } as TierCounts]),
      );
      for (const l of labels.filter((x) => x.question_id === 'q-en-01' && x.model === model)) {
        const tier = checksOf.get('q-en-01')?.get(l.check_id)?.tier;
        if (tier) counts[tier]![l.verdict] += 1;
      }
      return gamutScore({
        answer_critical: tierScore(counts.answer_critical!),
        valuable: tierScore(counts.valuable!),
        context: tierScore(counts.context!),
      });
    };
    // atlas: AC 10/10, valuable 8/8, context 5 of 7 met → 0.6 + 0.3 + 0.1·5/7.
    expect(score('atlas-large')).toBeCloseTo(0.6 + 0.3 + 0.1 * (5 / 7), 10);
    // cinder: AC M2 P2 S3 C3 → −3/13; valuable M1 S5 C2 → −3/10; context all 7 missing → 0.
    expect(score('cinder-7b')).toBeCloseTo(0.6 * (-3 / 13) + 0.3 * (-3 / 10), 10);
    const breeze = score('breeze-mini') ?? Number.NaN;
    expect(breeze).toBeLessThan(score('atlas-large') ?? Number.NaN);
    expect(breeze).toBeGreaterThan(score('cinder-7b') ?? Number.NaN);
  });
});
