import type { AgentOutput } from '../schema/agent-output.js';
import type { GoldenQuestion } from '../schema/golden-set.js';
import type { Verdict } from '../schema/ids.js';
import type { RagJudgment } from '../schema/rag-judgment.js';
import { extractQuantities } from '../text/quantities.js';
import { type PageIndex, parsePageRef } from './page-index.js';
import { ragCheckerMetrics } from './ragchecker.js';
import type { FailureStage, GradedClaim, RagFlag, RagQuestionResult } from './report-schema.js';
import { dedupeRetrieved, recallAtK } from './retrieval.js';
import { applyValueCheck, checkFactValues, normalizeValueText } from './value-check.js';

export interface GradeQuestionInput {
  readonly question: GoldenQuestion;
  readonly output: AgentOutput;
  /** Must hold a verdict for every required fact (checked by `gradeRag`). */
  readonly judgment: RagJudgment;
  readonly index: PageIndex;
  readonly k: number;
  readonly requireCitations: boolean;
}

export interface GradedQuestion {
  readonly result: RagQuestionResult;
  readonly flags: RagFlag[];
}

type Flag = (kind: RagFlag['kind'], detail: string, change?: RagFlag['change']) => void;

/** Code checks and metrics of one answer (SPEC §7), given its judgment. */
export function gradeQuestion(input: GradeQuestionInput): GradedQuestion {
  const { question: q, output, judgment: j, index, k } = input;
  const qid = q.question_id as string;
  const flags: RagFlag[] = [];
  const flag: Flag = (kind, detail, change) =>
    flags.push({ question_id: qid, kind, detail, ...(change && { change }) });

  const retrieved = dedupeRetrieved(output.retrieved, index);
  for (const p of retrieved) {
    if (p.status === 'missing') flag('retrieved_missing_page', `retrieved page ${p.page_id} is not in the snapshot`);
    if (p.status === 'missing_version')
      flag('invalid_version', `retrieved ${p.page_id} version ${p.version}, ${versionsHeld(index, p.page_id)}`);
  }
  const recall = q.answerable ? recallAtK(q.required_facts, retrieved, k).recall : null;
  const facts = gradeFacts(q, output.answer, j, flag);
  const meets = facts.filter((f) => f.verdict === 'meets').length;
  const factCoverage = q.answerable && facts.length > 0 ? meets / facts.length : null;
  const claims = j.claims.map((c) => gradeClaim(c, index, flag));
  const faithfulness = claims.length ? claims.filter((c) => c.supported).length / claims.length : null;
  const cited = claims.filter((c) => c.citations.length > 0);
  const citationPrecision = cited.length ? cited.filter((c) => c.validly_cited).length / cited.length : null;
  const stage = failureStage({ q, j, recall, facts, claims, requireCitations: input.requireCitations, flag });

  const result: RagQuestionResult = {
    question_id: qid,
    type: q.type,
    origin: q.origin,
    answerable: q.answerable,
    recall_at_k: recall,
    fact_coverage: factCoverage,
    faithfulness,
    citation_precision: citationPrecision,
    abstained: j.abstained,
    pass: stage === null,
    failure_stage: stage,
    ...(q.source_type !== undefined && { source_type: q.source_type }),
    correct: j.correct,
    erb_composite: q.answerable && factCoverage !== null ? (j.correct ? 1 : 0) * factCoverage : null,
    retrieved_pages: retrieved.slice(0, Math.max(k, 10)).map((p) => ({ ...p })),
    facts,
    claims,
    ragchecker: j.ragchecker ? ragCheckerMetrics(j.ragchecker) : null,
  };
  return { result, flags };
}

/** Facts: the judge's verdict, overridden by exact value checks (flagged when they disagree). */
function gradeFacts(q: GoldenQuestion, answer: string, j: RagJudgment, flag: Flag): RagQuestionResult['facts'] {
  let quantities: ReturnType<typeof extractQuantities> | undefined;
  const answerQuantities = () => {
    quantities ??= extractQuantities(answer);
    return quantities;
  };
  const answerNorm = normalizeValueText(answer);
  return q.required_facts.map((f) => {
    const judged = (j.facts[f.id] ?? 'missing') as Verdict;
    const otherValues = q.required_facts.filter((o) => o.id !== f.id).flatMap((o) => o.values);
    const check = checkFactValues({ fact: f, answer, answerNorm, otherValues, answerQuantities });
    const verdict = f.values.length && q.answerable ? applyValueCheck(judged, check) : judged;
    if (verdict !== judged) {
      const why = check.conflicts.length
        ? `answer states ${check.conflicts.map((c) => `"${c.found}" where the fact says "${c.value}"`).join(', ')}`
        : `answer does not state ${check.missing.map((v) => `"${v}"`).join(', ')}`;
      // Confirming a conflict says the wiki now states the answer's value: the fact's values follow it.
      const found = new Map(check.conflicts.map((c) => [c.value, c.found]));
      const change = check.conflicts.length
        ? {
            op: 'set_fact_values' as const,
            question_id: q.question_id,
            fact_id: f.id,
            values: f.values.map((v) => found.get(v) ?? v),
          }
        : undefined;
      flag('value_override', `fact ${f.id}: judge said ${judged}, value check says ${verdict}: ${why}`, change);
    }
    return {
      id: f.id as string,
      verdict,
      judge_verdict: judged,
      values_stated: check.stated,
      values_missing: f.values.length ? check.missing : [],
      value_conflicts: check.conflicts,
    };
  });
}

/** A claim and its citations: each citation's page checked by code first, then the judge's support. */
function gradeClaim(c: RagJudgment['claims'][number], index: PageIndex, flag: Flag): GradedClaim {
  const citations = c.citations.map((ci) => {
    const status = index.status(ci.page_id);
    if (status === 'missing')
      flag('citation_missing_page', `claim "${c.text}" cites ${ci.page_id}, which is not in the snapshot`);
    else if (status === 'missing_version')
      flag(
        'invalid_version',
        `claim "${c.text}" cites ${ci.page_id}, ${versionsHeld(index, parsePageRef(ci.page_id).pageId)}`,
      );
    else if (status !== 'current')
      flag(
        'citation_not_current',
        `claim "${c.text}" cites ${ci.page_id}, which is ${status}${ci.supports ? ' (the judge said it supports the claim)' : ''}`,
      );
    return {
      page_id: ci.page_id as string,
      status,
      judge_supports: ci.supports,
      valid: status === 'current' && ci.supports,
      location: ci.location,
      reason:
        status === 'current'
          ? ci.reason
          : status === 'missing'
            ? 'page is not in the snapshot'
            : status === 'missing_version'
              ? 'version is not in the snapshot'
              : `page is ${status}`,
    };
  });
  return {
    text: c.text,
    key: c.key,
    supported: c.supported,
    contradicted: c.contradicted ?? false,
    citations,
    validly_cited: citations.some((ci) => ci.valid),
  };
}

/** Where an answer first fails (null when it passes); an abstention that still makes key claims is flagged. */
function failureStage(o: {
  q: GoldenQuestion;
  j: RagJudgment;
  recall: number | null;
  facts: RagQuestionResult['facts'];
  claims: readonly GradedClaim[];
  requireCitations: boolean;
  flag: Flag;
}): FailureStage | null {
  const { q, j, recall } = o;
  const allFactsMeet = o.facts.every((f) => f.verdict === 'meets');
  const keyClaims = o.claims.filter((c) => c.key);
  const badKeyClaim = keyClaims.some((c) => c.contradicted || !c.supported);
  const uncitedKeyClaim = o.requireCitations && keyClaims.some((c) => !c.validly_cited);
  let stage: FailureStage | null = null;
  if (q.answerable) {
    if (j.abstained) stage = 'abstention';
    else if (!allFactsMeet) stage = recall !== null && recall < 1 ? 'retrieval' : 'generation';
    else if (badKeyClaim) stage = 'grounding';
    else if (uncitedKeyClaim) stage = 'citation';
  } else if (!j.abstained || badKeyClaim) {
    // An unanswerable question passes only when the agent abstains and makes nothing up.
    stage = 'abstention';
  }
  if (!q.answerable && j.abstained && keyClaims.length > 0 && !badKeyClaim) {
    o.flag('abstention_disagreement', 'judged as abstaining, yet the answer makes supported key claims');
  }
  return stage;
}

/** "a version the snapshot does not have (it has v1, v2)", for flags. */
function versionsHeld(index: PageIndex, pageId: string): string {
  const versions = [...(index.get(pageId)?.versions.keys() ?? [])].sort((a, b) => a - b);
  return `a version the snapshot does not have (it has ${versions.map((v) => `v${v}`).join(', ')})`;
}
