import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMetaRubric } from '../../rubric/compile-meta-rubric.js';
import { parseMetaRubric } from '../../rubric/parse-meta-rubric.js';
import { analyzeText } from '../../text/analyze-text.js';
import { judgeOffline } from './judge-offline.js';

// Two labelled sets of our own for the offline judge, judged as the agreement bench judges
// (`node bench/offline-agreement.mjs --labels … --metas … --answers …`); their confusions are fixed
// here so that a change to the judge says what it moves.
// - fixtures/offline-dev: written for the contradiction rules (paraphrased contradictions, other
//   values about other subjects, hedges, negations, units, dates, Korean particles and predicates,
//   CJK without spaces; en, ko, ja, zh, es).
// - fixtures/offline-blind: written apart from the judge's rules, in English and Korean, with
//   every item type.
// - fixtures/offline-blind2: a second such round, mostly Korean, with accurate answers heavily
//   paraphrased beside partial and wrong ones.
// - fixtures/offline-blind3: a third, mostly English (technology, vehicles, plants, landmarks).
const fixtures = fileURLToPath(new URL('../../../../../fixtures/', import.meta.url));
const lines = (dir: string, name: string) =>
  readFileSync(`${fixtures}${dir}/${name}`, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string>);

const VERDICTS = ['meets', 'partially_meets', 'missing', 'contradicts'] as const;

function confusion(dir: string, labelsFile: string): Record<string, Record<string, number>> {
  const checks = new Map<
    string,
    { check: ReturnType<typeof compileMetaRubric>['checks'][number]; meta: Record<string, string> }
  >();
  for (const raw of lines(dir, 'meta-rubrics.jsonl')) {
    const parsed = parseMetaRubric(raw);
    if (parsed.issues) throw new Error(`fixtures/${dir}: ${raw.question_id}: ${JSON.stringify(parsed.issues)}`);
    for (const check of compileMetaRubric(parsed.value).checks)
      checks.set(`${parsed.value.question_id}|${check.id}`, { check, meta: raw });
  }
  const answers = new Map(
    lines(dir, 'answers.jsonl').map((a) => [`${a.question_id}|${a.model}`, analyzeText(a.response ?? '')]),
  );
  const out = Object.fromEntries(VERDICTS.map((g) => [g, Object.fromEntries(VERDICTS.map((p) => [p, 0]))]));
  for (const label of lines(dir, labelsFile)) {
    const found = checks.get(`${label.question_id}|${label.check_id}`);
    const answer = answers.get(`${label.question_id}|${label.model}`);
    if (!found || !answer) throw new Error(`fixtures/${dir}: label without check or answer: ${JSON.stringify(label)}`);
    const { meta, check } = found;
    const r = judgeOffline({ answer, check, question: meta.question, subject: meta.entity, language: meta.language });
    const row = out[label.verdict ?? ''];
    if (!row) throw new Error(`fixtures/${dir}: unknown verdict ${label.verdict}`);
    row[r.verdict] = (row[r.verdict] ?? 0) + 1;
  }
  return out;
}

const sum = (row: Record<string, number> | undefined) => Object.values(row ?? {}).reduce((s, n) => s + n, 0);
const table = (c: Record<string, Record<string, number>>) => VERDICTS.map((g) => VERDICTS.map((p) => c[g]?.[p]));

describe('fixtures/offline-dev: the offline judge against our own dev labels', () => {
  const c = confusion('offline-dev', 'human-labels.jsonl');

  it('finds 72 of the 80 human contradictions and calls none of the 103 human meets a contradiction', () => {
    expect([c.contradicts?.contradicts, sum(c.contradicts)]).toEqual([72, 80]);
    expect([c.meets?.contradicts, sum(c.meets)]).toEqual([0, 103]);
  });

  it('agrees on meets-vs-not in 220 of 241 labels (86 meets, 134 not)', () => {
    const meets = c.meets?.meets ?? 0;
    const notMeets = VERDICTS.filter((g) => g !== 'meets').reduce(
      (s, g) => s + VERDICTS.filter((p) => p !== 'meets').reduce((t, p) => t + (c[g]?.[p] ?? 0), 0),
      0,
    );
    expect([meets, notMeets]).toEqual([86, 134]);
  });

  it('has this confusion (rows: human, columns: offline)', () => {
    expect(table(c)).toEqual([
      [86, 14, 3, 0],
      [0, 9, 3, 0],
      [3, 12, 31, 0],
      [1, 2, 5, 72],
    ]);
  });
});

describe('fixtures/offline-blind: the offline judge against labels written apart from its rules', () => {
  const c = confusion('offline-blind', 'labels.jsonl');

  it('finds 37 of the 111 contradictions and calls none of the 222 meets a contradiction', () => {
    expect([c.contradicts?.contradicts, sum(c.contradicts)]).toEqual([37, 111]);
    expect([c.meets?.contradicts, sum(c.meets)]).toEqual([0, 222]);
  });

  it('has this confusion (rows: annotator, columns: offline)', () => {
    expect(table(c)).toEqual([
      [133, 66, 23, 0],
      [5, 39, 29, 2],
      [10, 24, 191, 3],
      [13, 18, 43, 37],
    ]);
  });
});

describe('fixtures/offline-blind2: a second round of labels written apart from its rules', () => {
  const c = confusion('offline-blind2', 'labels.jsonl');

  it('finds 67 of the 198 contradictions and calls none of the 1,315 meets a contradiction', () => {
    expect([c.contradicts?.contradicts, sum(c.contradicts)]).toEqual([67, 198]);
    expect([c.meets?.contradicts, sum(c.meets)]).toEqual([0, 1315]);
  });

  it('has this confusion (rows: annotator, columns: offline)', () => {
    expect(table(c)).toEqual([
      [986, 280, 49, 0],
      [21, 195, 137, 12],
      [6, 75, 494, 7],
      [14, 39, 78, 67],
    ]);
  });
});

describe('fixtures/offline-blind3: a third round, mostly English', () => {
  const c = confusion('offline-blind3', 'labels.jsonl');

  it('finds 75 of the 292 contradictions and calls 4 of the 1,629 meets a contradiction', () => {
    expect([c.contradicts?.contradicts, sum(c.contradicts)]).toEqual([75, 292]);
    expect([c.meets?.contradicts, sum(c.meets)]).toEqual([4, 1629]);
  });

  it('has this confusion (rows: annotator, columns: offline)', () => {
    expect(table(c)).toEqual([
      [1108, 405, 112, 4],
      [29, 171, 121, 10],
      [22, 80, 578, 14],
      [12, 69, 136, 75],
    ]);
  });
});
