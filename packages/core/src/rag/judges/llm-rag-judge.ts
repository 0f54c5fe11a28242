import { GamutError } from '../../issues/errors.js';
import type { JudgeModel } from '../../judge/judge-model.js';
import type { JudgeFailureKind, PageId, Verdict } from '../../schema/ids.js';
import type {
  CitationJudgment,
  ClaimJudgment,
  EntailmentLabel,
  RagJudgment,
  TwoWayClaimLabels,
} from '../../schema/rag-judgment.js';
import { selectPassages } from '../lexical.js';
import {
  AbstentionReply,
  abstentionPrompt,
  CitationReply,
  ClaimsReply,
  citationPrompt,
  claimsPrompt,
  EntailReply,
  entailPrompt,
  FactsReply,
  factsPrompt,
  GoldClaimsReply,
  goldClaimsPrompt,
  RAG_PROMPT_VERSION,
  RAG_SYSTEM,
  SupportReply,
  supportPrompt,
} from './llm-rag-prompts.js';
import {
  answerUnits,
  invalidCitationReason,
  type RagJudge,
  type RagJudgeInput,
  type RagJudgeOutcome,
  retrievedEvidence,
} from './rag-judge.js';
import { structuredCall } from './structured-call.js';
import { goldClaims, retrievedChunkTexts } from './two-way-labels.js';

export interface LlmRagJudgeOptions {
  readonly model: JudgeModel;
  /** Calls per step before it is recorded as a judge failure (first try plus repairs). Default 3. */
  readonly attempts?: number;
  /** Sentences per passage window shown to the support judges. Default 3. */
  readonly window?: number;
  /** Passages per retrieved page shown for claim support. Default 2. */
  readonly passagesPerPage?: number;
  /**
   * Also label claims in both directions for RAGChecker's diagnostics: answer
   * claims against the gold answer and each chunk, gold claims against the
   * answer and each chunk. Costs 3 + (number of chunks) more calls per answer.
   */
  readonly ragchecker?: boolean;
}

const STEP_FAILED_MARKER: unique symbol = Symbol.for('gamut.error.StepFailed');

/** One step of a RAG judgment that ran out of attempts: caught below and recorded as a judge failure. */
class StepFailed extends GamutError {
  override readonly name = 'StepFailed';
  readonly [STEP_FAILED_MARKER] = true;
  static override isInstance(e: unknown): e is StepFailed {
    return GamutError.hasMarker(e, STEP_FAILED_MARKER);
  }
  constructor(
    readonly kind: JudgeFailureKind,
    message: string,
    readonly raw: string | null,
  ) {
    super(message);
  }
}

/**
 * The LLM RAG judge: claim extraction, abstention and correctness, fact
 * coverage, claim support by the retrieved pages and support of each citation
 * on the relevant part of the cited page, each one structured-output call
 * validated with zod. Citations to pages that do not exist or are not current
 * are settled by code and never sent to the model.
 */
export function createLlmRagJudge(opts: LlmRagJudgeOptions): RagJudge {
  const { model } = opts;
  const id = `${model.provider}:${model.modelId}`;
  const window = opts.window ?? 3;
  const perPage = opts.passagesPerPage ?? 2;
  const call = async <T>(
    name: string,
    prompt: string,
    schema: Parameters<typeof structuredCall>[0]['schema'],
    signal?: AbortSignal,
  ): Promise<T> => {
    const r = await structuredCall({
      model,
      name,
      template: `${name}@${RAG_PROMPT_VERSION}`,
      system: RAG_SYSTEM,
      prompt,
      schema,
      ...(opts.attempts !== undefined && { attempts: opts.attempts }),
      ...(signal && { signal }),
    });
    if (!r.ok) throw new StepFailed(r.kind, r.error, r.raw);
    return r.value as T;
  };

  const entail = async (
    reference: string,
    claims: readonly string[],
    signal?: AbortSignal,
  ): Promise<EntailmentLabel[]> => {
    if (claims.length === 0) return [];
    const r = await call<{ labels: { index: number; label: EntailmentLabel }[] }>(
      'rag-entail',
      entailPrompt({ reference, claims }),
      EntailReply.refine((x) => claims.every((_, i) => x.labels.some((l) => l.index === i + 1)), {
        message: `give a label for every claim 1..${claims.length}`,
      }),
      signal,
    );
    return claims.map((_, i) => r.labels.find((l) => l.index === i + 1)?.label ?? 'Neutral');
  };

  const twoWay = async (
    question: RagJudgeInput['question'],
    output: RagJudgeInput['output'],
    index: RagJudgeInput['index'],
    responseClaims: string[],
    signal?: AbortSignal,
  ): Promise<TwoWayClaimLabels> => {
    const gold = question.gold_answer
      ? (
          await call<{ claims: string[] }>(
            'rag-gold-claims',
            goldClaimsPrompt(question.question, question.gold_answer),
            GoldClaimsReply,
            signal,
          )
        ).claims
      : goldClaims(question);
    const chunks = retrievedChunkTexts(output, index);
    const byChunkResp: EntailmentLabel[][] = responseClaims.map(() => []);
    const byChunkGold: EntailmentLabel[][] = gold.map(() => []);
    for (const chunk of chunks) {
      // One call per chunk labels both sides' claims against it.
      const labels = await entail(chunk, [...responseClaims, ...gold], signal);
      for (const [i, row] of byChunkResp.entries()) row.push(labels[i] ?? 'Neutral');
      for (const [i, row] of byChunkGold.entries()) row.push(labels[responseClaims.length + i] ?? 'Neutral');
    }
    return {
      response_claims: responseClaims,
      gold_claims: gold,
      answer2response: await entail(question.gold_answer, responseClaims, signal),
      response2answer: await entail(output.answer, gold, signal),
      retrieved2response: byChunkResp,
      retrieved2answer: byChunkGold,
    };
  };

  return {
    id,
    async judge({ question, output, index }, signal): Promise<RagJudgeOutcome> {
      try {
        const units = answerUnits(output);
        const sentences = units.map((u) => u.text);

        const abst = await call<{ abstained: boolean; correct: boolean }>(
          'rag-abstention',
          abstentionPrompt({
            question: question.question,
            answerable: question.answerable,
            gold: question.gold_answer,
            answer: output.answer,
          }),
          AbstentionReply,
          signal,
        );

        const extracted =
          sentences.length === 0
            ? { claims: [] }
            : await call<{ claims: { sentence: number; text: string; key: boolean }[] }>(
                'rag-claims',
                claimsPrompt(question.question, sentences),
                ClaimsReply.refine((r) => r.claims.every((c) => c.sentence <= sentences.length), {
                  message: `sentence numbers must be between 1 and ${sentences.length}`,
                }),
                signal,
              );

        const facts: Record<string, Verdict> = {};
        if (question.required_facts.length && question.answerable) {
          const ids = question.required_facts.map((f) => f.id as string);
          const reply = await call<{ facts: { id: string; verdict: Verdict }[] }>(
            'rag-facts',
            factsPrompt({ question: question.question, answer: output.answer, facts: question.required_facts }),
            FactsReply.refine(
              (r) =>
                ids.every((fid) => r.facts.filter((f) => f.id === fid).length === 1) && r.facts.length === ids.length,
              { message: `give exactly one verdict for each of ${ids.join(', ')}` },
            ),
            signal,
          );
          for (const f of reply.facts) facts[f.id] = f.verdict;
        }

        const evidence = retrievedEvidence(output, index);
        const claimTexts = extracted.claims.map((c) => c.text);
        const shown = evidence.flatMap((e) => {
          const picks = new Map<string, { location: string; text: string }>();
          for (const c of claimTexts) {
            for (const p of selectPassages(e.text, c, { window, count: perPage })) picks.set(p.location, p);
          }
          return [...picks.values()].map((p) => ({ pageId: e.pageId, ...p }));
        });
        const support =
          claimTexts.length === 0
            ? { claims: [] }
            : await call<{
                claims: {
                  index: number;
                  supported: boolean;
                  contradicted: boolean;
                  location: string | null;
                  reason: string;
                }[];
              }>(
                'rag-support',
                supportPrompt({ question: question.question, claims: claimTexts, evidence: shown }),
                SupportReply.refine((r) => claimTexts.every((_, i) => r.claims.some((c) => c.index === i + 1)), {
                  message: `give a result for every claim 1..${claimTexts.length}`,
                }),
                signal,
              );

        const claims: ClaimJudgment[] = [];
        for (const [i, c] of extracted.claims.entries()) {
          const s = support.claims.find((x) => x.index === i + 1);
          const unit = units[c.sentence - 1];
          const citations: CitationJudgment[] = [];
          for (const pid of unit?.pageIds ?? []) {
            const pageId = pid as PageId;
            const status = index.status(pageId);
            if (status !== 'current') {
              citations.push({
                page_id: pageId,
                supports: false,
                location: null,
                reason: invalidCitationReason(status),
              });
              continue;
            }
            const passages = selectPassages(index.currentBody(pageId) ?? '', c.text, {
              window,
              count: perPage,
              ...(index.currentUnits && { units: index.currentUnits(pageId) }),
            });
            const r = await call<{ supports: boolean; location: string | null; reason: string }>(
              'rag-citation',
              citationPrompt({ claim: c.text, pageId, passages }),
              CitationReply,
              signal,
            );
            citations.push({ page_id: pageId, supports: r.supports, location: r.location, reason: r.reason });
          }
          claims.push({
            text: c.text,
            key: c.key,
            supported: s?.supported ?? false,
            contradicted: s?.contradicted ?? false,
            citations,
          });
        }
        const ragchecker =
          opts.ragchecker && question.answerable
            ? await twoWay(question, output, index, claimTexts, signal)
            : undefined;
        const judgment: RagJudgment = {
          question_id: question.question_id,
          facts,
          claims,
          abstained: abst.abstained,
          correct: abst.correct,
          judge: id,
          ...(ragchecker && { ragchecker }),
        };
        return { status: 'ok', judgment };
      } catch (e) {
        if (e instanceof StepFailed) return { status: 'failed', kind: e.kind, error: e.message, raw: e.raw };
        throw e;
      }
    },
  };
}
