import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import type { AgentOutput } from '../schema/agent-output.js';
import type { GoldenSet } from '../schema/golden-set.js';
import type { RagJudgment } from '../schema/rag-judgment.js';
import type { WikiPage } from '../schema/wiki.js';
import { countStages, groupSummaries, summarize } from './aggregate.js';
import { goldenSetFlags } from './golden-flags.js';
import { gradeQuestion } from './grade-question.js';
import { goldenSetHash, ragSnapshotId } from './identity.js';
import { buildPageIndex } from './page-index.js';
import { aggregateRagChecker, checkTwoWayShape } from './ragchecker.js';
import type { RagFlag, RagQuestionResult, RagReport } from './report-schema.js';

export const DEFAULT_RAG_K = 3;

export interface GradeRagOptions {
  readonly golden: GoldenSet;
  readonly pages: readonly WikiPage[];
  readonly outputs: readonly AgentOutput[];
  readonly judgments: readonly RagJudgment[];
  /** Recall@k cut-off; default 3. */
  readonly k?: number;
  /** Snapshot id as the wiki loader computes it; default `ragSnapshotId(pages)`. */
  readonly snapshotId?: string;
  /** Golden-set hash as the loader computed it; default `goldenSetHash(golden)`. */
  readonly goldenHash?: string;
  readonly judge?: string;
}

/**
 * Grade one agent run against a golden set and a wiki snapshot, given a
 * judgment per question. Pure: the judge already ran. Throws `InputError`
 * listing every missing or unknown id at once.
 */
export function gradeRag(opts: GradeRagOptions): RagReport {
  const k = opts.k ?? DEFAULT_RAG_K;
  if (!Number.isInteger(k) || k < 1) {
    throw new InputError({ rule: 'rag-k', message: `k must be a positive integer, got ${k}` });
  }
  const { golden } = opts;
  const known = new Set<string>(golden.questions.map((q) => q.question_id));
  const { outputs, agents, issues } = outputsByQuestion(opts.outputs, known);
  const judged = judgmentsByQuestion(opts.judgments, known);
  issues.push(...judged.issues, ...golden.questions.flatMap((q) => coverageIssues(q, outputs, judged.judgments)));
  if (issues.length) throw new InputError(issues);

  const index = buildPageIndex(opts.pages);
  const graded = golden.questions.map((q) =>
    gradeQuestion({
      question: q,
      output: outputs.get(q.question_id) as AgentOutput,
      judgment: judged.judgments.get(q.question_id) as RagJudgment,
      index,
      k,
      requireCitations: golden.require_citations,
    }),
  );
  const questions: RagQuestionResult[] = graded.map((g) => g.result);
  const flags: RagFlag[] = [...graded.flatMap((g) => g.flags), ...goldenSetFlags(golden, opts.pages)];
  const rc = questions.flatMap((q) => (q.ragchecker ? [q.ragchecker] : []));
  return {
    questions,
    summary: {
      k,
      ...summarize(questions),
      n_answerable: questions.filter((q) => q.answerable).length,
      n_unanswerable: questions.filter((q) => !q.answerable).length,
    },
    by_type: groupSummaries(questions, (q) => q.type),
    by_stage: countStages(questions),
    by_origin: groupSummaries(questions, (q) => q.origin),
    flags,
    golden: { name: golden.name, version: golden.version, hash: opts.goldenHash ?? goldenSetHash(golden) },
    snapshot: { id: opts.snapshotId ?? ragSnapshotId(opts.pages), pages: index.size, declared: golden.wiki_snapshot },
    agent: agents.size === 1 ? ([...agents][0] ?? null) : null,
    judge: opts.judge ?? judgmentJudge(opts.judgments),
    ragchecker: rc.length ? { n: rc.length, metrics: aggregateRagChecker(rc) } : null,
  };
}

/** Each question's agent output; outputs for unknown questions, repeated ones and a run of several agents are problems. */
function outputsByQuestion(
  all: readonly AgentOutput[],
  known: ReadonlySet<string>,
): { outputs: Map<string, AgentOutput>; agents: Set<string>; issues: Issue[] } {
  const issues: Issue[] = [];
  const outputs = new Map<string, AgentOutput>();
  const agents = new Set<string>();
  for (const o of all) {
    agents.add(o.agent);
    if (!known.has(o.question_id))
      issues.push({
        rule: 'unknown-question',
        message:
          'agent output for a question not in the golden set; check that the run and the golden set belong together',
        question: o.question_id,
      });
    else if (outputs.has(o.question_id))
      issues.push({
        rule: 'duplicate-output',
        message: 'more than one agent output for this question; keep one line per question',
        question: o.question_id,
      });
    else outputs.set(o.question_id, o);
  }
  if (agents.size > 1) {
    issues.push({
      rule: 'several-agents',
      message: `the run mixes agents (${[...agents].sort().join(', ')}); grade one agent at a time`,
    });
  }
  return { outputs, agents, issues };
}

/** Each question's judgment; judgments of unknown questions and repeated ones are problems. */
function judgmentsByQuestion(
  all: readonly RagJudgment[],
  known: ReadonlySet<string>,
): { judgments: Map<string, RagJudgment>; issues: Issue[] } {
  const issues: Issue[] = [];
  const judgments = new Map<string, RagJudgment>();
  for (const j of all) {
    if (!known.has(j.question_id))
      issues.push({
        rule: 'unknown-question',
        message: 'judgment for a question not in the golden set; check that the judgments belong to this golden set',
        question: j.question_id,
      });
    else if (judgments.has(j.question_id))
      issues.push({
        rule: 'duplicate-judgment',
        message: 'more than one judgment for this question; keep one per question',
        question: j.question_id,
      });
    else judgments.set(j.question_id, j);
  }
  return { judgments, issues };
}

/** What one question lacks to be graded: its output, its judgment, a verdict per fact; and facts it does not have. */
function coverageIssues(
  q: GoldenSet['questions'][number],
  outputs: ReadonlyMap<string, AgentOutput>,
  judgments: ReadonlyMap<string, RagJudgment>,
): Issue[] {
  const issues: Issue[] = [];
  if (!outputs.has(q.question_id))
    issues.push({
      rule: 'missing-output',
      message:
        'the run has no agent output for this question; rerun `gamut rag collect` (it asks only the missing questions)',
      question: q.question_id,
    });
  const j = judgments.get(q.question_id);
  if (!j) {
    issues.push({
      rule: 'missing-judgment',
      message: 'no judgment for this question; add one to the labels, or score with a model judge or `offline`',
      question: q.question_id,
    });
    return issues;
  }
  // An unanswerable question's "facts" (e.g. an imported abstention instruction) are not graded.
  const missingFacts = !q.answerable ? [] : q.required_facts.filter((f) => !(f.id in j.facts)).map((f) => f.id);
  if (missingFacts.length)
    issues.push({
      rule: 'missing-fact-verdict',
      message: `judgment has no verdict for fact${missingFacts.length > 1 ? 's' : ''} ${missingFacts.join(', ')}`,
      question: q.question_id,
    });
  const factIds = new Set<string>(q.required_facts.map((f) => f.id));
  const extra = Object.keys(j.facts).filter((id) => !factIds.has(id));
  if (extra.length)
    issues.push({
      rule: 'unknown-fact',
      message: `judgment names unknown fact ${extra.join(', ')}`,
      question: q.question_id,
    });
  if (j.ragchecker) issues.push(...checkTwoWayShape(j.ragchecker, undefined, q.question_id));
  return issues;
}

function judgmentJudge(judgments: readonly RagJudgment[]): string | null {
  const names = new Set(judgments.map((j) => j.judge).filter((x): x is string => !!x));
  return names.size ? [...names].sort().join(', ') : null;
}
