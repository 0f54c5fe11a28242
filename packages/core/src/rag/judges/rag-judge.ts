import type { AgentOutput } from '../../schema/agent-output.js';
import type { GoldenQuestion } from '../../schema/golden-set.js';
import type { JudgeFailureKind } from '../../schema/ids.js';
import type { RagJudgment } from '../../schema/rag-judgment.js';
import { splitSentences } from '../../text/sentences.js';
import { extractInlineCitations, stripCitationMarkers } from '../inline-citations.js';
import { lexicalTokens, tokenRecall } from '../lexical.js';
import type { EvidenceStatus, PageIndex } from '../page-index.js';

/** Anything that produces the judgment of one agent answer: an LLM, the offline baseline, a labels file. */
export interface RagJudge {
  /** Written into judgments, e.g. `offline`, `openai:gpt-4.1`, `labels:human.jsonl`. */
  readonly id: string;
  judge(input: RagJudgeInput, signal?: AbortSignal): Promise<RagJudgeOutcome>;
}

export interface RagJudgeInput {
  readonly question: GoldenQuestion;
  readonly output: AgentOutput;
  readonly index: PageIndex;
}

/** A failed judge is not a judgment: it says why (`kind`), keeps the raw reply and is never graded as a fail. */
export type RagJudgeOutcome =
  | { status: 'ok'; judgment: RagJudgment }
  | { status: 'failed'; kind: JudgeFailureKind; error: string; raw: string | null };

/** One sentence of the answer with the pages it cites (inline markers, or the agent's `citations`). */
export interface AnswerUnit {
  readonly text: string;
  readonly pageIds: string[];
}

/**
 * The answer as numbered sentences with their citations. With an explicit
 * `citations` field, each citation goes to the sentence its claim overlaps most.
 */
export function answerUnits(output: AgentOutput): AnswerUnit[] {
  if (!output.citations)
    return extractInlineCitations(output.answer).map((c) => ({ text: c.claim, pageIds: c.page_ids }));
  const units = splitSentences(stripCitationMarkers(output.answer)).map((text) => ({ text, pageIds: [] as string[] }));
  for (const c of output.citations) {
    const u = bestUnit(units, c.claim);
    if (!u) {
      units.push({ text: c.claim, pageIds: [...c.page_ids] });
      continue;
    }
    for (const id of c.page_ids) if (!u.pageIds.includes(id)) u.pageIds.push(id);
  }
  return units;
}

function bestUnit(units: AnswerUnit[], claim: string): AnswerUnit | undefined {
  const q = lexicalTokens(claim);
  let best: AnswerUnit | undefined;
  let bestScore = 0.5;
  for (const u of units) {
    const s = tokenRecall(q, new Set(lexicalTokens(u.text)));
    if (s >= bestScore) {
      best = u;
      bestScore = s;
    }
  }
  return best;
}

/** Text of the retrieved evidence that counts: current pages only, the chunk text when the agent gave it. */
export function retrievedEvidence(output: AgentOutput, index: PageIndex): { pageId: string; text: string }[] {
  const byPage = new Map<string, string[]>();
  for (const c of [...output.retrieved].sort((a, b) => a.rank - b.rank)) {
    if (index.status(c.page_id, c.version) !== 'current') continue;
    const texts = byPage.get(c.page_id) ?? [];
    const text = c.text ?? index.currentBody(c.page_id) ?? '';
    if (!texts.includes(text)) texts.push(text);
    byPage.set(c.page_id, texts);
  }
  return [...byPage].map(([pageId, texts]) => ({ pageId, text: texts.join('\n') }));
}

/** The reason code gives for a citation it invalidates before any judge sees it. */
export function invalidCitationReason(status: EvidenceStatus): string {
  switch (status) {
    case 'missing':
      return 'cited page is not in the snapshot';
    case 'archived':
      return 'cited page is archived';
    case 'historical':
      return 'cited page is a historical version';
    case 'old_version':
      return 'cited version is not the current one';
    case 'missing_version':
      return 'cited version is not in the snapshot';
    default:
      return '';
  }
}
