import type { ReportSummary } from './report-model.js';

/** One model in one setting, in both runs: the means over the questions both answered, and their difference. */
export interface ComparedUnit {
  unit: string;
  model: string;
  setting: string;
  /** Questions this unit has a score for in both runs. */
  n: number;
  a: number | null;
  b: number | null;
  delta: number | null;
}

export interface ComparedQuestion {
  question_id: string;
  question: string;
  /** Unit key `model|setting` → the score in each run and b − a (null where either run has none). */
  scores: Record<string, { a: number | null; b: number | null; delta: number | null }>;
}

/** Two runs side by side: only questions whose rubric is the same in both are compared. */
export interface RunComparison {
  a: { run_id: string | null; judge: string | null };
  b: { run_id: string | null; judge: string | null };
  units: ComparedUnit[];
  questions: ComparedQuestion[];
  /** In both runs but with a different rubric hash: their scores measure different checks, so they are left out. */
  changed: string[];
  only_a: string[];
  only_b: string[];
}

const mean = (xs: readonly number[]): number | null =>
  xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Compares run b with run a question by question (b − a). A question counts
 * only when both runs compiled it to the same rubric hash; each unit's means
 * are over the questions it answered in both runs, so the difference is paired.
 */
export function compareRuns(a: ReportSummary, b: ReportSummary): RunComparison {
  const at = (s: ReportSummary) => new Map(s.questions.ids.map((id, i) => [id, i]));
  const ia = at(a);
  const ib = at(b);
  const units = Object.keys(a.questions.scores)
    .filter((u) => u in b.questions.scores)
    .sort();
  const changed: string[] = [];
  const questions: ComparedQuestion[] = [];
  const paired = new Map(units.map((u) => [u, { a: [] as number[], b: [] as number[] }]));
  for (const [id, i] of ia) {
    const j = ib.get(id);
    if (j === undefined) continue;
    if (a.questions.rubric_hash[i] !== b.questions.rubric_hash[j]) {
      changed.push(id);
      continue;
    }
    const scores: ComparedQuestion['scores'] = {};
    for (const u of units) {
      const x = a.questions.scores[u]?.[i] ?? null;
      const y = b.questions.scores[u]?.[j] ?? null;
      scores[u] = { a: x, b: y, delta: x !== null && y !== null ? y - x : null };
      if (x !== null && y !== null) {
        paired.get(u)?.a.push(x);
        paired.get(u)?.b.push(y);
      }
    }
    questions.push({ question_id: id, question: a.questions.text[i] ?? id, scores });
  }
  return {
    a: { run_id: a.run.run_id, judge: a.judge },
    b: { run_id: b.run.run_id, judge: b.judge },
    units: units.map((u) => {
      const p = paired.get(u) ?? { a: [], b: [] };
      const [model = u, setting = ''] = u.split('|');
      const ma = mean(p.a);
      const mb = mean(p.b);
      return {
        unit: u,
        model,
        setting,
        n: p.a.length,
        a: ma,
        b: mb,
        delta: ma !== null && mb !== null ? mb - ma : null,
      };
    }),
    questions,
    changed,
    only_a: [...ia.keys()].filter((id) => !ib.has(id)),
    only_b: [...ib.keys()].filter((id) => !ia.has(id)),
  };
}
