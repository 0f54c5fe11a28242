import { compareQuantities, sameQuantity } from '../../judge/offline/quantity-compare.js';
import type { PageId, Verdict } from '../../schema/ids.js';
import type { CitationJudgment, ClaimJudgment, EntailmentLabel, RagJudgment } from '../../schema/rag-judgment.js';
import { extractQuantities, type Quantity } from '../../text/quantities.js';
import { hasAbstentionCue } from '../abstention.js';
import { lexicalTokens, selectPassages, tokenRecall } from '../lexical.js';
import { checkFactValues } from '../value-check.js';
import { answerUnits, invalidCitationReason, type RagJudge, retrievedEvidence } from './rag-judge.js';
import { goldClaims, labelMatrix, retrievedChunkTexts } from './two-way-labels.js';

export const OFFLINE_RAG_JUDGE_ID = 'offline';

export interface OfflineRagJudgeOptions {
  /** Share of a claim's tokens a passage must contain to support it. Default 0.5. */
  readonly supportThreshold?: number;
  /** Share of a fact's key tokens the answer must contain for `meets`. Default 0.6 (half of that: `partially_meets`). */
  readonly factThreshold?: number;
}

/**
 * The lexical baseline RAG judge: no model, no network. Facts by key-term and
 * value overlap, claims = sentences, support = token overlap with the
 * retrieved current pages (and with the best passage of each cited page),
 * abstention by cue phrases. Reports must label it as a lexical baseline.
 */
export function createOfflineRagJudge(opts: OfflineRagJudgeOptions = {}): RagJudge {
  const supportAt = opts.supportThreshold ?? 0.5;
  const factAt = opts.factThreshold ?? 0.6;
  return {
    id: OFFLINE_RAG_JUDGE_ID,
    async judge({ question, output, index }) {
      const units = answerUnits(output);
      const declines = units.filter((u) => hasAbstentionCue(u.text));
      const assertions = units.filter((u) => !hasAbstentionCue(u.text));
      const abstained = units.length === 0 || (declines.length > 0 && assertions.length <= declines.length);
      const evidence = retrievedEvidence(output, index).map((e) => ({
        ...e,
        tokens: new Set(lexicalTokens(e.text)),
        quantities: extractQuantities(e.text),
      }));

      const claims: ClaimJudgment[] = assertions.map((u) => {
        const tokens = lexicalTokens(u.text);
        const values = extractQuantities(u.text);
        const supports = (text: Set<string>, q: readonly Quantity[]) =>
          tokenRecall(tokens, text) >= supportAt && values.every((v) => q.some((x) => sameQuantity(x, v)));
        const supported = evidence.some((e) => supports(e.tokens, e.quantities));
        const citations = u.pageIds.map((id): CitationJudgment => {
          const pageId = id as PageId;
          const status = index.status(pageId);
          if (status !== 'current')
            return { page_id: pageId, supports: false, location: null, reason: invalidCitationReason(status) };
          const passage = selectPassages(index.currentBody(pageId) ?? '', u.text, {
            ...(index.currentUnits && { units: index.currentUnits(pageId) }),
          })[0];
          const ok = !!passage && supports(new Set(lexicalTokens(passage.text)), extractQuantities(passage.text));
          return {
            page_id: pageId,
            supports: ok,
            location: passage?.location ?? null,
            reason: ok ? '' : 'the cited page shares too few terms or values with the claim',
          };
        });
        return { text: u.text, key: true, supported, citations };
      });

      const answerTokens = new Set(lexicalTokens(output.answer));
      const answerQuantities = extractQuantities(output.answer);
      const facts: Record<string, Verdict> = {};
      for (const f of question.required_facts) {
        if (abstained) {
          facts[f.id] = 'missing';
          continue;
        }
        const overlap = tokenRecall(lexicalTokens(f.fact), answerTokens);
        const values = checkFactValues({ fact: f, answer: output.answer, answerQuantities });
        const allValues = f.values.length > 0 && values.missing.length === 0;
        facts[f.id] =
          values.conflicts.length > 0
            ? 'contradicts'
            : overlap >= factAt || (allValues && overlap >= factAt / 2)
              ? 'meets'
              : overlap >= factAt / 2
                ? 'partially_meets'
                : 'missing';
      }
      // RAGChecker's two-direction labels, lexically: entailed when the text holds the claim's terms and values.
      const entail = (claim: string, text: string): EntailmentLabel => {
        if (tokenRecall(lexicalTokens(claim), new Set(lexicalTokens(text))) < supportAt) return 'Neutral';
        const values = extractQuantities(claim);
        const inText = extractQuantities(text);
        if (values.every((v) => inText.some((x) => sameQuantity(x, v)))) return 'Entailment';
        return values.some((v) => inText.some((x) => compareQuantities(v, x) === 'different'))
          ? 'Contradiction'
          : 'Neutral';
      };
      const gold = goldClaims(question);
      const chunks = retrievedChunkTexts(output, index);
      const responseClaims = claims.map((c) => c.text);
      const ragchecker =
        question.answerable && gold.length > 0
          ? {
              response_claims: responseClaims,
              gold_claims: gold,
              answer2response: responseClaims.map((c) => entail(c, question.gold_answer || gold.join(' '))),
              response2answer: gold.map((g) => entail(g, output.answer)),
              retrieved2response: labelMatrix(responseClaims, chunks, entail),
              retrieved2answer: labelMatrix(gold, chunks, entail),
            }
          : undefined;
      const correct = question.answerable
        ? !abstained && question.required_facts.every((f) => facts[f.id] === 'meets')
        : abstained;
      const judgment: RagJudgment = {
        question_id: question.question_id,
        facts,
        claims,
        abstained,
        correct,
        judge: OFFLINE_RAG_JUDGE_ID,
        ...(ragchecker && { ragchecker }),
      };
      return { status: 'ok', judgment };
    },
  };
}
