import type { QuestionDetail, RagQuestionDetail, ReportSummary, RunComparison } from '@gamut/core';
import type { BuildHeader, ClientApi, ReviewInfo } from './api.js';

async function getJson<T>(url: string): Promise<T | null> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (res.status === 404) return null;
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `${res.status} ${res.statusText}`);
  }
  return (await res.json()) as T;
}

/** Reads from the `gamut view` server's JSON API (same origin). */
export class HttpApi implements ClientApi {
  readonly kind = 'http' as const;
  readonly #base: string;
  #summary: Promise<ReportSummary> | null = null;

  constructor(base = './api') {
    this.#base = base;
  }

  summary(): Promise<ReportSummary> {
    if (!this.#summary) {
      this.#summary = getJson<ReportSummary>(`${this.#base}/summary`).then((s) => {
        if (!s) throw new Error('the server has no summary');
        return s;
      });
    }
    return this.#summary;
  }

  question(id: string): Promise<QuestionDetail | null> {
    return getJson<QuestionDetail>(`${this.#base}/questions/${encodeURIComponent(id)}`);
  }

  ragQuestion(id: string): Promise<RagQuestionDetail | null> {
    return getJson<RagQuestionDetail>(`${this.#base}/rag/questions/${encodeURIComponent(id)}`);
  }

  async answerMatches(query: string): Promise<Set<string>> {
    const found = await getJson<{ question_ids: string[] }>(`${this.#base}/search?q=${encodeURIComponent(query)}`);
    return new Set(found?.question_ids ?? []);
  }

  compare(): Promise<RunComparison | null> {
    return getJson<RunComparison>(`${this.#base}/compare`);
  }

  async review(): Promise<ReviewInfo> {
    const info = await getJson<{ available: boolean; build?: BuildHeader }>(`${this.#base}/review`);
    return { available: info?.available === true, build: info?.build ?? null };
  }

  imageUrl(path: string): string | null {
    return `${this.#base}/images/${path.split('/').map(encodeURIComponent).join('/')}`;
  }
}
