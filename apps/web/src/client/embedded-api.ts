import {
  matchesTerms,
  type QuestionDetail,
  type RagQuestionDetail,
  type ReportSummary,
  type RunComparison,
  searchTerms,
} from '@gamut/core';
import type { ClientApi, ReviewInfo } from './api.js';

interface DetailIndex {
  /** Question id → the block that holds it. */
  questions: Record<string, number>;
  blocks: number;
}

function readScript(id: string): HTMLScriptElement | null {
  return document.getElementById(id) as HTMLScriptElement | null;
}

async function gunzipBase64(text: string): Promise<string> {
  const bin = atob(text.trim());
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

async function readEmbedded<T>(id: string, empty: T): Promise<T> {
  const el = readScript(id);
  const raw = el?.textContent ?? '';
  if (!raw.trim()) return empty;
  const json = el?.dataset.encoding === 'gzip-base64' ? await gunzipBase64(raw) : raw;
  return JSON.parse(json) as T;
}

/**
 * Reads the data `gamut report` embedded: the summary is plain JSON (the
 * first screen needs only it); drill-down data is gzip+base64 in blocks of
 * questions, each decoded the first time one of its questions is opened.
 */
export class EmbeddedApi implements ClientApi {
  readonly kind = 'embedded' as const;
  #summary: ReportSummary;
  #index: DetailIndex;
  #blocks = new Map<number, Promise<Map<string, QuestionDetail>>>();
  #rag: Promise<Map<string, RagQuestionDetail>> | null = null;
  #images: Record<string, string>;

  constructor(summary: ReportSummary, index: DetailIndex, images: Record<string, string>) {
    this.#summary = summary;
    this.#index = index;
    this.#images = images;
  }

  static fromDocument(): EmbeddedApi | null {
    const s = readScript('gamut-summary');
    if (!s?.textContent) return null;
    const parse = <T>(id: string, empty: T): T => {
      const t = readScript(id)?.textContent;
      return t ? (JSON.parse(t) as T) : empty;
    };
    return new EmbeddedApi(
      JSON.parse(s.textContent) as ReportSummary,
      parse<DetailIndex>('gamut-detail-index', { questions: {}, blocks: 0 }),
      parse<Record<string, string>>('gamut-images', {}),
    );
  }

  summary(): Promise<ReportSummary> {
    return Promise.resolve(this.#summary);
  }

  #block(block: number): Promise<Map<string, QuestionDetail>> {
    let loaded = this.#blocks.get(block);
    if (!loaded) {
      loaded = readEmbedded<QuestionDetail[]>(`gamut-details-${block}`, []).then(
        (qs) => new Map(qs.map((q) => [q.question_id, q])),
      );
      this.#blocks.set(block, loaded);
    }
    return loaded;
  }

  question(id: string): Promise<QuestionDetail | null> {
    const block = this.#index.questions[id];
    if (block === undefined) return Promise.resolve(null);
    return this.#block(block).then((m) => m.get(id) ?? null);
  }

  /** Searching answers decodes every block once; later searches reuse them. */
  async answerMatches(query: string): Promise<Set<string>> {
    const terms = searchTerms(query);
    const out = new Set<string>();
    if (terms.length === 0) return out;
    for (let b = 0; b < this.#index.blocks; b++) {
      for (const q of (await this.#block(b)).values()) {
        if (q.answers.some((a) => matchesTerms(terms, [a.response]))) out.add(q.question_id);
      }
    }
    return out;
  }

  compare(): Promise<RunComparison | null> {
    return Promise.resolve(null);
  }

  review(): Promise<ReviewInfo> {
    return Promise.resolve({ available: false, build: null });
  }

  ragQuestion(id: string): Promise<RagQuestionDetail | null> {
    if (!this.#rag) {
      this.#rag = readEmbedded<RagQuestionDetail[]>('gamut-rag', []).then(
        (qs) => new Map(qs.map((q) => [q.question_id, q])),
      );
    }
    return this.#rag.then((m) => m.get(id) ?? null);
  }

  imageUrl(path: string): string | null {
    return this.#images[path] ?? null;
  }
}
