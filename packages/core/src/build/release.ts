import { cohenKappa } from '../analysis/kappa.js';
import { hashCanonical } from '../schema/canonical.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { QuestionDecision } from './question-decisions.js';
import type { ImageQuestions } from './question-rounds.js';

/** Agreement of the two annotators in one review round: accept / revise / discard per candidate. */
export interface RoundAgreement {
  round: number;
  candidates: number;
  /** Candidates both annotators decided. */
  paired: number;
  agreement: number | null;
  kappa: number | null;
  adjudicated: number;
}

/** Per round, the first two annotators' decisions on each candidate compared (a later decision replaces an earlier one). */
export function roundAgreement(
  states: readonly ImageQuestions[],
  decisions: ReadonlyMap<string, readonly QuestionDecision[]>,
): RoundAgreement[] {
  const rounds = new Map<number, { a: string[]; b: string[]; candidates: number; adjudicated: number }>();
  for (const s of states) {
    for (const c of s.candidates) {
      const r = rounds.get(c.round) ?? { a: [], b: [], candidates: 0, adjudicated: 0 };
      rounds.set(c.round, r);
      r.candidates++;
      const mine = decisions.get(c.id) ?? [];
      const latest = new Map<string, QuestionDecision>();
      for (const d of mine) if (d.role === 'annotator') latest.set(d.author, d);
      const [x, y] = [...latest.values()];
      if (x && y) {
        r.a.push(x.decision);
        r.b.push(y.decision);
      }
      if (mine.some((d) => d.role === 'adjudicator')) r.adjudicated++;
    }
  }
  return [...rounds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, r]) => {
      const k = cohenKappa(r.a, r.b);
      return {
        round,
        candidates: r.candidates,
        paired: k.n,
        agreement: k.agreement,
        kappa: k.kappa,
        adjudicated: r.adjudicated,
      };
    });
}

/** What a release says about each question, and what the next release's changelog compares. */
export interface ReleasedQuestion {
  question_id: string;
  question: string;
  rubric_hash: string;
  /** Hash of the released checks, the human overlay included (the rubric hash is the meta-rubric's). */
  checks_hash: string;
  checks: number;
}

/** The changelog of a release against the previous one: questions added, removed, and rubrics changed. */
export function changelog(previous: readonly ReleasedQuestion[] | null, next: readonly ReleasedQuestion[]): string[] {
  if (previous === null) return [`first release: ${next.length} question(s)`];
  const before = new Map(previous.map((q) => [q.question_id, q]));
  const after = new Map(next.map((q) => [q.question_id, q]));
  const lines: string[] = [];
  for (const q of next) {
    const old = before.get(q.question_id);
    if (old === undefined) lines.push(`added ${q.question_id}: ${q.question}`);
    else if (old.question !== q.question)
      lines.push(`changed the question of ${q.question_id}: "${old.question}" → "${q.question}"`);
    if (old !== undefined && old.checks_hash !== q.checks_hash) {
      lines.push(`changed the rubric of ${q.question_id}: ${old.checks} → ${q.checks} checks`);
    }
  }
  for (const q of previous) if (!after.has(q.question_id)) lines.push(`removed ${q.question_id}`);
  return lines.length ? lines : ['no changes'];
}

/** A released question's summary line from its compiled rubric (overlay applied). */
export function releasedQuestion(question: string, rubric: CompiledRubric): ReleasedQuestion {
  return {
    question_id: rubric.question_id,
    question,
    rubric_hash: rubric.rubric_hash,
    checks_hash: hashCanonical(rubric.checks),
    checks: rubric.checks.length,
  };
}
