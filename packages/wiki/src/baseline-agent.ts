import type { AgentOutput, JudgeModel } from '@gamut/core';
import { AgentOutput as AgentOutputSchema, indexTerms, questionKeys, RetrievedChunk } from '@gamut/core';
import type { SearchHit, WikiIndex } from './wiki-index.js';

export interface AgentQuestion {
  readonly question_id: string;
  readonly question: string;
}

export interface BaselineOptions {
  /** Chunks retrieved per question (default 5). */
  readonly k?: number;
  /**
   * Abstain when no retrieved chunk covers at least this share of the question's
   * terms, IDF-weighted, in [0, 1] (default 0.3).
   */
  readonly threshold?: number;
  /** At most this many sentences in an offline answer (default 3). */
  readonly maxSentences?: number;
  readonly agent?: string;
}

export const ABSTAIN_EN = 'I could not find an answer to this question in the wiki.';
export const ABSTAIN_KO = '위키에서 이 질문에 대한 답을 찾지 못했습니다.';

const isKorean = (s: string) => /\p{Script=Hangul}/u.test(s);

function retrieved(hits: readonly SearchHit[]): AgentOutput['retrieved'] {
  return hits.map((h) =>
    RetrievedChunk.parse({
      page_id: h.chunk.page_id,
      version: h.chunk.version,
      chunk_id: h.chunk.id,
      rank: h.rank,
      score: Math.round(h.score * 1e4) / 1e4,
    }),
  );
}

/** `sentence [ID]` with the marker before the closing punctuation, as the SPEC's example writes it. */
export function withMarker(sentence: string, pageId: string): string {
  const m = /^(.*?)([.!?。]+)?$/su.exec(sentence.trim());
  return `${m?.[1] ?? sentence} [${pageId}]${m?.[2] ?? '.'}`;
}

/**
 * The offline baseline: retrieve with BM25, then pick sentences from the
 * retrieved chunks greedily by how many still-uncovered question terms (IDF-
 * weighted) each adds, so that a two-part question gets both parts, each
 * sentence ending with its page's `[PAGE-ID]` marker. Abstains (in the
 * question's language) when retrieval covers too little of the question.
 */
export function answerOffline(index: WikiIndex, q: AgentQuestion, opts: BaselineOptions = {}): AgentOutput {
  const k = opts.k ?? 5;
  const hits = index.query(q.question, k);
  const agent = opts.agent ?? 'gamut-baseline-bm25';
  const best = Math.max(
    0,
    ...hits.map((h) => index.coverage(q.question, `${h.chunk.title} ${h.chunk.heading} ${h.chunk.text}`)),
  );
  const base = { question_id: q.question_id, agent, retrieved: retrieved(hits) } as const;
  if (best < (opts.threshold ?? 0.3)) {
    return AgentOutputSchema.parse({ ...base, answer: isKorean(q.question) ? ABSTAIN_KO : ABSTAIN_EN, citations: [] });
  }
  const terms = questionKeys(q.question);
  const weight = new Map(terms.map((t) => [t, index.idf(t)]));
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const candidates = hits.flatMap((h) =>
    h.chunk.sentences
      .filter((s) => !/^[-|\s]*$/.test(s))
      .map((s) => ({ text: s, page: h.chunk.page_id, rank: h.rank, terms: new Set(indexTerms(s)) })),
  );
  const covered = new Set<string>();
  const chosen: typeof candidates = [];
  const max = opts.maxSentences ?? 3;
  while (chosen.length < max) {
    let pick: (typeof candidates)[number] | undefined;
    let pickGain = 0;
    for (const c of candidates) {
      if (chosen.includes(c) || chosen.some((x) => x.text === c.text)) continue;
      let gain = 0;
      for (const t of terms) if (c.terms.has(t) && !covered.has(t)) gain += weight.get(t) ?? 0;
      // Earlier-ranked chunks win ties.
      gain -= c.rank * 1e-6;
      if (gain > pickGain) {
        pick = c;
        pickGain = gain;
      }
    }
    // Stop once a sentence adds less than a tenth of the question.
    if (!pick || pickGain < (chosen.length ? 0.1 * total : 0)) break;
    chosen.push(pick);
    for (const t of terms) if (pick.terms.has(t)) covered.add(t);
  }
  if (!chosen.length) {
    return AgentOutputSchema.parse({ ...base, answer: isKorean(q.question) ? ABSTAIN_KO : ABSTAIN_EN, citations: [] });
  }
  return AgentOutputSchema.parse({
    ...base,
    answer: chosen.map((c) => withMarker(c.text, c.page)).join(' '),
    citations: chosen.map((c) => ({ claim: c.text, page_ids: [c.page] })),
  });
}

const SYSTEM = [
  'You answer questions about a company wiki using only the wiki pages given.',
  'End every sentence that states a fact with the id of the page that supports it, in brackets, e.g. "... within 30 minutes [POL-101]."',
  'Cite only page ids that appear in the pages given. Never use outside knowledge.',
  'If the pages do not answer the question, say so in one sentence, in the language of the question, and cite nothing.',
  'Answer in the language of the question, briefly.',
].join('\n');

/** The baseline with an LLM writing the answer from the retrieved chunks, citing inline. */
export async function answerWithModel(
  index: WikiIndex,
  q: AgentQuestion,
  model: JudgeModel,
  opts: BaselineOptions = {},
): Promise<AgentOutput> {
  const hits = index.query(q.question, opts.k ?? 5);
  const pages = hits
    .map(
      (h) => `[${h.chunk.page_id}] ${h.chunk.title}${h.chunk.heading ? ` — ${h.chunk.heading}` : ''}\n${h.chunk.text}`,
    )
    .join('\n\n');
  const result = await model.doGenerate({
    system: SYSTEM,
    messages: [
      {
        role: 'user',
        content: [{ type: 'text', text: `Wiki pages:\n\n${pages || '(none found)'}\n\nQuestion: ${q.question}` }],
      },
    ],
    temperature: 0,
    promptTemplate: 'rag-baseline-agent@1',
  });
  return AgentOutputSchema.parse({
    question_id: q.question_id,
    agent: opts.agent ?? `gamut-baseline-bm25+${model.provider}:${model.modelId}`,
    retrieved: retrieved(hits),
    answer: result.text.trim(),
  });
}

/**
 * The baseline agent on every question, in their order: offline extraction,
 * or with `model` an LLM answering `concurrency` questions at once
 * (`onAnswered` hears each one finished).
 */
export async function answerAll(
  index: WikiIndex,
  questions: readonly AgentQuestion[],
  opts: BaselineOptions & {
    model?: JudgeModel;
    concurrency?: number;
    onAnswered?: (done: number, total: number) => void;
  },
): Promise<AgentOutput[]> {
  const { model, concurrency, onAnswered, ...base } = opts;
  if (!model) return questions.map((q) => answerOffline(index, q, base));
  const outputs: AgentOutput[] = new Array(questions.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < questions.length; i = next++) {
      outputs[i] = await answerWithModel(index, questions[i] as AgentQuestion, model, base);
      onAnswered?.(++done, questions.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency ?? 4) }, worker));
  return outputs;
}

/** What `gamut rag agent` reports of the outputs it wrote. */
export interface BaselineRunSummary {
  out: string;
  agent: string | null;
  mode: 'llm' | 'offline';
  questions: number;
  /** Offline answers that abstain; null for an LLM, whose wording is its own. */
  abstained: number | null;
  chunks_indexed: number;
  wiki_snapshot: string;
}

export function baselineRunSummary(
  outputs: readonly AgentOutput[],
  o: { out: string; llm: boolean; index: WikiIndex; snapshotId: string },
): BaselineRunSummary {
  const abstained = outputs.filter((x) => x.answer === ABSTAIN_EN || x.answer === ABSTAIN_KO).length;
  return {
    out: o.out,
    agent: outputs[0]?.agent ?? null,
    mode: o.llm ? 'llm' : 'offline',
    questions: outputs.length,
    abstained: o.llm ? null : abstained,
    chunks_indexed: o.index.chunks.length,
    wiki_snapshot: o.snapshotId,
  };
}

export function baselineRunText(s: BaselineRunSummary): string {
  const abst = s.abstained === null ? '' : `, ${s.abstained} abstained`;
  return `${s.agent}: ${s.questions} questions answered${abst} (${s.chunks_indexed} chunks indexed)\nwrote ${s.out}\n`;
}
