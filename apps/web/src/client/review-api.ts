import type { BlindItem, QueueSummary, VerdictItemContent, WikiFlagContent } from '@gamut/core';

const KEY = 'gamut-review-token';
const COOKIE = 'gamut_token';

/** The personal token this browser uses: the one typed into the prompt, else the one `--host`'s sign-in set. */
export function storedToken(): string | null {
  const saved = window.localStorage.getItem(KEY);
  if (saved) return saved;
  const m = new RegExp(`(?:^|; )${COOKIE}=([^;]*)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1] as string) : null;
}

export function saveToken(token: string): void {
  window.localStorage.setItem(KEY, token);
}

/** Forgets the token; one that `--host`'s sign-in set is a cookie the server clears at /logout. */
export function forgetToken(): void {
  const fromCookie = !window.localStorage.getItem(KEY) && storedToken() !== null;
  window.localStorage.removeItem(KEY);
  if (fromCookie) window.location.assign('./logout');
}

export interface Me {
  name: string;
  role: 'annotator' | 'adjudicator' | 'reviewer';
  run: string;
  queues: QueueSummary[];
}

export interface ReviewQueuePage {
  queue: QueueSummary;
  item: BlindItem | null;
  next_item_id: string | null;
  /** A verdict-label item's question, check and answer; a wiki flag's question, facts and pages; a build's question or rubric item shows BuildItemContent. */
  content: VerdictItemContent | WikiFlagContent | null;
  item_ids: string[];
}

export interface Block {
  n: number;
  agreement: number | null;
  kappa: number | null;
  kappa_ci95: [number, number] | null;
}

export interface QueueStatus {
  id: string;
  judge: string | null;
  total: number;
  counts: { waiting: number; done: number; disagreement: number; adjudicated: number };
  annotators: { pairs: Array<Block & { a: string; b: string }>; krippendorff_alpha: number | null } | null;
  judge_vs_final: (Block & { judge: string; by_kind: Array<Block & { kind: string | null }> }) | null;
}

export type PostedEvent =
  | { kind: 'label' | 'adjudicate'; item_id: string; value: string; reason: string; change?: Record<string, unknown> }
  | { kind: 'edit'; item_id: string; reason: string; change: Record<string, unknown> }
  | { kind: 'accept' | 'discard' | 'reject'; item_id: string; reason: string }
  | { kind: 'confirm'; item_id: string; reason: string; change?: Record<string, unknown> }
  | { kind: 'revise'; item_id: string; reason: string; change: Record<string, unknown> }
  | { kind: 'undo' };

/** A refusal from the server, with its message (an unknown token, an item already full, nothing to undo). */
export class ReviewError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `gamut view`'s review routes, with the personal token in the x-gamut-token header. */
export class ReviewApi {
  readonly #base: string;
  readonly #token: string;

  constructor(token: string, base = './api/review') {
    this.#token = token;
    this.#base = base;
  }

  async #call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${this.#base}${path}`, {
      ...init,
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-gamut-token': this.#token },
    });
    const body = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!res.ok) throw new ReviewError(res.status, body?.error ?? `${res.status} ${res.statusText}`);
    return body as T;
  }

  me(): Promise<Me> {
    return this.#call<Me>('/me');
  }

  page(queue: string, item?: string | null): Promise<ReviewQueuePage> {
    const q = item ? `?item=${encodeURIComponent(item)}` : '';
    return this.#call<ReviewQueuePage>(`/queues/${encodeURIComponent(queue)}${q}`);
  }

  status(queue: string): Promise<QueueStatus> {
    return this.#call<QueueStatus>(`/queues/${encodeURIComponent(queue)}/status`);
  }

  post(queue: string, event: PostedEvent): Promise<{ event: { id: string; item_id: string; kind: string } }> {
    return this.#call(`/queues/${encodeURIComponent(queue)}/events`, { method: 'POST', body: JSON.stringify(event) });
  }
}
