import { createHash } from 'node:crypto';
import { type BatchLedger, type BatchOfRequest, InternalError } from '@gamut/core';
import { ProviderCallError } from '../provider-call-error.js';
import { anthropicBatchWire } from './anthropic-batch.js';
import {
  type BatchEndpoint,
  BatchHttpError,
  type BatchItemResult,
  type BatchLimits,
  type BatchPoll,
  type BatchRequest,
  type BatchWire,
} from './batch-wire.js';
import { geminiBatchWire } from './gemini-batch.js';
import { openAiBatchWire } from './openai-batch.js';
import { splitBatches } from './split-batches.js';

/** What a batch did, for the progress line and `--json` logs. */
export type BatchEvent =
  | { type: 'submitted'; provider: string; batchId: string; requests: number }
  | { type: 'resumed'; provider: string; batchId: string; requests: number }
  | { type: 'polled'; provider: string; batchId: string; detail: string }
  | { type: 'poll-failed'; provider: string; batchId: string; error: string }
  | { type: 'ended'; provider: string; batchId: string; succeeded: number; failed: number };

export interface BatchFetchOptions {
  /** Where batch ids are kept (the run store): a rerun polls them instead of submitting again. */
  ledger: BatchLedger;
  /** Between two polls of one batch. Default 30 s. */
  pollMs?: number;
  /** A batch is submitted once no call arrived for this long (default 500 ms)… */
  gatherMs?: number;
  /** …or this long after its first call (default 10 s). */
  maxGatherMs?: number;
  /** Smaller limits than the provider's (tests; a cautious account). */
  limits?: Partial<BatchLimits>;
  /** For the batch API's own calls. Default: the global fetch. */
  fetch?: typeof fetch;
  now?: () => Date;
  onEvent?: (event: BatchEvent) => void;
}

export interface BatchFetch {
  /** Give it to the provider SDK as its `fetch`: each call waits for its batch's result. */
  fetch: typeof fetch;
  /** Stops polling; batches already submitted stay in the ledger for the next run. */
  close(): void;
}

/** The batch API serving a synchronous endpoint; undefined for one with no batch API (compatible servers, Ollama). */
export function batchWireFor(url: string): BatchWire | undefined {
  const path = new URL(url).pathname;
  if (/\/(responses|chat\/completions)$/.test(path)) return openAiBatchWire;
  if (/\/messages$/.test(path)) return anthropicBatchWire;
  if (/:generateContent$/.test(path)) return geminiBatchWire;
  return undefined;
}

/**
 * The key of one submission: a hash of its requests' custom ids (in any order) and their count,
 * recorded before it is sent and sent with it, so a rerun can tell whether the provider has it.
 */
export function submissionKeyOf(customIds: readonly string[]): string {
  const h = createHash('sha256');
  for (const id of [...customIds].sort()) h.update(id).update('\n');
  return `gamut-${customIds.length}-${h.digest('hex').slice(0, 40)}`;
}

/** A call's custom id: the hash of its endpoint and body, so the same call in a rerun finds its batch (64 chars at most, `[A-Za-z0-9_-]`). */
export function customIdOf(url: string, body: string): string {
  return `gamut-${createHash('sha256').update(url).update('\n').update(body).digest('hex').slice(0, 48)}`;
}

interface Call {
  url: string;
  headers: Headers;
  /** The JSON text the SDK would have sent, kept as text: it goes into the batch as is. */
  body: string;
}

interface Waiter {
  resolve(res: Response): void;
  reject(e: unknown): void;
}

type Ended = Extract<BatchPoll, { state: 'ended' }>;

interface Poller {
  wire: BatchWire;
  endpoint: BatchEndpoint;
  batch: BatchOfRequest;
  members: Set<string>;
}

const DROPPED_HEADERS = ['content-type', 'content-length', 'accept-encoding', 'connection'];

/**
 * A `fetch` for the provider SDKs that sends their calls through the
 * provider's batch API instead: calls are gathered, split to the provider's
 * limits, submitted, recorded in the ledger by custom id, and polled; each
 * call's promise resolves with the response body the batch returned for it,
 * which the SDK reads as if the synchronous API had answered. A request that
 * expired or failed in its batch rejects with the provider's reason (not
 * retried in this run) and is forgotten by the ledger, so the next run asks again.
 */
export function createBatchFetch(options: BatchFetchOptions): BatchFetch {
  const pollMs = options.pollMs ?? 30_000;
  const gatherMs = options.gatherMs ?? 500;
  const maxGatherMs = options.maxGatherMs ?? 10_000;
  const httpFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const emit = options.onEvent ?? (() => {});
  const waiting = new Map<string, Waiter[]>();
  const gathered = new Map<string, Call>();
  const pollers = new Map<string, Poller>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let gatherTimer: ReturnType<typeof setTimeout> | undefined;
  let gatherStarted = 0;
  let closed = false;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };

  function scheduleFlush(): void {
    if (gatherTimer !== undefined) {
      clearTimeout(gatherTimer);
      timers.delete(gatherTimer);
    } else gatherStarted = Date.now();
    const wait = Math.max(0, Math.min(gatherMs, gatherStarted + maxGatherMs - Date.now()));
    gatherTimer = later(wait, () => {
      gatherTimer = undefined;
      void flush();
    });
  }

  function settle(customId: string, outcome: (w: Waiter) => void): void {
    const ws = waiting.get(customId);
    waiting.delete(customId);
    for (const w of ws ?? []) outcome(w);
  }

  function fail(customIds: Iterable<string>, e: unknown): void {
    for (const id of customIds) settle(id, (w) => w.reject(e));
  }

  async function flush(): Promise<void> {
    const calls = new Map(gathered);
    gathered.clear();
    const ids = [...calls.keys()].filter((id) => waiting.has(id));
    if (ids.length === 0) return;
    let found: Map<string, BatchOfRequest>;
    try {
      found = await options.ledger.findBatches(ids);
    } catch (e) {
      fail(ids, e);
      return;
    }
    const fresh: string[] = [];
    const unsure = new Map<string, { batch: BatchOfRequest; ids: string[] }>();
    for (const id of ids) {
      const held = found.get(id);
      if (held === undefined) fresh.push(id);
      else if (held.submitting === true) {
        const key = `${held.provider}\u0000${held.batchId}`;
        const group = unsure.get(key) ?? { batch: held, ids: [] };
        group.ids.push(id);
        unsure.set(key, group);
      } else attach(held, calls.get(id) as Call, id);
    }
    // A lookup may wait for batches to end (Anthropic's are told apart by their results): the
    // calls of this flush that were never submitted do not wait for it.
    const lookups = [...unsure.values()].map(async ({ batch, ids: members }) => {
      const became = await lookUp(batch, calls.get(members[0]!) as Call, members);
      if (became === undefined) await submitAll(calls, members);
      else if (became !== null) for (const id of members) attach(became.batch, calls.get(id) as Call, id, became.ended);
    });
    await submitAll(calls, fresh);
    await Promise.all(lookups);
  }

  /** Submits these calls, one group of batches per endpoint. */
  async function submitAll(calls: ReadonlyMap<string, Call>, ids: readonly string[]): Promise<void> {
    const byUrl = new Map<string, BatchRequest[]>();
    for (const id of ids) {
      const call = calls.get(id) as Call;
      const group = byUrl.get(call.url) ?? [];
      group.push({ customId: id, body: call.body });
      byUrl.set(call.url, group);
    }
    for (const [url, requests] of byUrl) await submit(calls.get(requests[0]!.customId) as Call, url, requests);
  }

  /**
   * A submission an earlier run recorded but never saw the provider's answer to (it was killed, or
   * the connection dropped): the batch it became, recorded now; undefined when the provider never
   * got it; null when asking failed, and its calls with it (judge failures, asked again next run),
   * or when they gave up while its candidates were told apart.
   */
  async function lookUp(
    intent: BatchOfRequest,
    call: Call,
    customIds: string[],
  ): Promise<{ batch: BatchOfRequest; ended?: Ended } | undefined | null> {
    const wire = batchWireFor(intent.endpoint) as BatchWire;
    const endpoint: BatchEndpoint = { url: intent.endpoint, headers: call.headers, fetch: httpFetch };
    const requests = Number(/^gamut-(\d+)-/.exec(intent.batchId)?.[1] ?? customIds.length);
    try {
      const found = await wire.find(endpoint, {
        key: intent.batchId,
        requests,
        since: new Date(intent.submittedAt),
      });
      const told: { batchId: string; ended?: Ended } | null | undefined =
        found === undefined || 'id' in found
          ? found && { batchId: found.id }
          : await identify(wire, endpoint, found.candidates, customIds);
      if (told === null) return null;
      if (told === undefined) return undefined;
      const { submitting: _s, ...batch } = { ...intent, batchId: told.batchId };
      await options.ledger.putBatch({ ...batch, customIds });
      return { batch, ...(told.ended && { ended: told.ended }) };
    } catch (e) {
      fail(customIds, e);
      return null;
    }
  }

  /**
   * Of the batches a submission without a key may have become, the one whose results hold every
   * one of these custom ids: a batch of another run with as many requests, created about then,
   * is not taken for it. Each is polled (every `pollMs`) until it ends; the one found comes with
   * its results (read once, not again). Undefined when none held them, null when the calls
   * waiting gave up or the fetch was closed meanwhile.
   */
  async function identify(
    wire: BatchWire,
    endpoint: BatchEndpoint,
    candidates: readonly string[],
    customIds: readonly string[],
  ): Promise<{ batchId: string; ended: Ended } | null | undefined> {
    let open = [...candidates];
    while (open.length > 0) {
      if (closed || !customIds.some((id) => waiting.has(id))) return null;
      const running: string[] = [];
      for (const batchId of open) {
        const r = await wire.poll(endpoint, batchId).catch((e: unknown) => {
          if (e instanceof BatchHttpError && e.transient) return { state: 'running' as const, detail: e.message };
          throw e;
        });
        if (r.state === 'ended' && customIds.every((id) => r.results.has(id))) return { batchId, ended: r };
        if (r.state === 'running') {
          running.push(batchId);
          const detail = `${r.detail ?? 'running'}; one of ${open.length} batches that may hold this run's requests`;
          emit({ type: 'polled', provider: wire.provider, batchId, detail });
        }
      }
      open = running;
      if (open.length > 0) await new Promise<void>((resolve) => later(pollMs, resolve));
    }
    return closed ? null : undefined;
  }

  async function submit(call: Call, url: string, requests: BatchRequest[]): Promise<void> {
    const wire = batchWireFor(url) as BatchWire;
    const endpoint: BatchEndpoint = { url, headers: call.headers, fetch: httpFetch };
    const limits = { ...wire.limits, ...options.limits };
    for (const chunk of splitBatches(requests, limits, (r) => wire.size(r, endpoint))) {
      const customIds = chunk.map((r) => r.customId);
      const key = submissionKeyOf(customIds);
      const submittedAt = now().toISOString();
      try {
        // Recorded (committed) before it is sent: killed after the provider accepted it but before its
        // id was stored, the next run finds the batch by this key instead of paying for it again.
        await options.ledger.putBatch({
          provider: wire.provider,
          batchId: key,
          endpoint: url,
          submittedAt,
          customIds,
          submitting: true,
        });
        const batchId = await wire.submit(endpoint, chunk, key);
        const batch: BatchOfRequest = { provider: wire.provider, batchId, endpoint: url, submittedAt };
        await options.ledger.putBatch({ ...batch, customIds });
        emit({ type: 'submitted', provider: wire.provider, batchId, requests: chunk.length });
        startPoller({ wire, endpoint, batch, members: new Set(customIds) }, pollMs);
      } catch (e) {
        fail(customIds, e);
      }
    }
  }

  /** Joins a call to its batch's poller, started for it if need be; `ended`: the batch's results, already read. */
  function attach(batch: BatchOfRequest, call: Call, customId: string, ended?: Ended): void {
    const key = `${batch.provider}\u0000${batch.batchId}`;
    const running = pollers.get(key);
    if (running !== undefined) {
      running.members.add(customId);
      return;
    }
    const wire = batchWireFor(batch.endpoint) as BatchWire;
    const endpoint = { url: batch.endpoint, headers: call.headers, fetch: httpFetch };
    const p: Poller = { wire, endpoint, batch, members: new Set([customId]) };
    pollers.set(key, p);
    // Announced once the requests of this flush have all joined it.
    queueMicrotask(() =>
      emit({ type: 'resumed', provider: batch.provider, batchId: batch.batchId, requests: p.members.size }),
    );
    later(0, () => void (ended ? deliver(p, key, ended) : poll(p, key)));
  }

  function startPoller(p: Poller, delay: number): void {
    const key = `${p.batch.provider}\u0000${p.batch.batchId}`;
    pollers.set(key, p);
    later(delay, () => void poll(p, key));
  }

  async function poll(p: Poller, key: string): Promise<void> {
    if (closed) return;
    const { provider, batchId } = p.batch;
    if (![...p.members].some((id) => waiting.has(id))) {
      // Every call waiting on it gave up (Ctrl-C): the batch stays in the ledger for the next run.
      pollers.delete(key);
      return;
    }
    let r: Awaited<ReturnType<BatchWire['poll']>>;
    try {
      r = await p.wire.poll(p.endpoint, batchId);
    } catch (e) {
      if (closed) return;
      if (e instanceof BatchHttpError && e.transient) {
        emit({ type: 'poll-failed', provider, batchId, error: e.message });
        later(pollMs, () => void poll(p, key));
        return;
      }
      pollers.delete(key);
      const given = [...p.members].filter((id) => waiting.has(id));
      fail(given, e);
      await options.ledger.dropBatchItems(given).catch(() => {});
      return;
    }
    if (closed) return;
    if (r.state === 'running') {
      emit({ type: 'polled', provider, batchId, detail: r.detail ?? 'running' });
      later(pollMs, () => void poll(p, key));
      return;
    }
    await deliver(p, key, r);
  }

  /** Hands an ended batch's results to the calls waiting on it, and forgets what was handed over. */
  async function deliver(p: Poller, key: string, r: Ended): Promise<void> {
    const { provider, batchId } = p.batch;
    pollers.delete(key);
    if (closed) return;
    let succeeded = 0;
    // Only what was handed over is forgotten: a request whose call gave up meanwhile stays for the next run.
    const delivered = [...p.members].filter((id) => waiting.has(id));
    for (const id of delivered) {
      const result: BatchItemResult = r.results.get(id) ?? { ok: false, reason: r.missing };
      if (result.ok) succeeded++;
      settle(id, (w) => (result.ok ? w.resolve(jsonResponse(result.body)) : w.reject(itemError(p, result))));
    }
    emit({ type: 'ended', provider, batchId, succeeded, failed: delivered.length - succeeded });
    await options.ledger.dropBatchItems(delivered).catch(() => {});
  }

  const batchFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (closed) throw new InternalError('a call was made after its batch fetch was closed');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (batchWireFor(url) === undefined)
      throw new InternalError(`no batch API serves ${url}: resolve the model with a batch judge spec`);
    const raw = typeof init?.body === 'string' ? init.body : '';
    if (raw === '') throw new InternalError(`a batch call to ${url} has no JSON body`);
    const customId = customIdOf(url, raw);
    const headers = new Headers(init?.headers);
    for (const h of DROPPED_HEADERS) headers.delete(h);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const fresh = !waiting.has(customId);
    if (fresh) {
      gathered.set(customId, { url, headers, body: raw });
      scheduleFlush();
    }
    return wait(customId, signal);
  };

  // Its own scope, so a call that waits hours for its batch keeps only its id and its waiter alive:
  // not the request's text, headers and options, which the batch already has.
  function wait(customId: string, signal: AbortSignal | undefined): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      const w: Waiter = { resolve, reject };
      const ws = waiting.get(customId);
      if (ws !== undefined) ws.push(w);
      else waiting.set(customId, [w]);
      signal?.addEventListener(
        'abort',
        () => {
          const left = (waiting.get(customId) ?? []).filter((x) => x !== w);
          if (left.length > 0) waiting.set(customId, left);
          else waiting.delete(customId);
          reject(abortError());
        },
        { once: true },
      );
    });
  }

  return {
    fetch: batchFetch as typeof fetch,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** A request its batch gave no result for: a judge failure with the provider's reason, asked again next run. */
function itemError(p: Poller, r: Extract<BatchItemResult, { ok: false }>): ProviderCallError {
  return new ProviderCallError(`${p.batch.provider} batch ${p.batch.batchId}: ${r.reason}`, {
    kind: 'http',
    provider: p.batch.provider,
    ...(r.status !== undefined && { status: r.status }),
    // Asking again may well work; it waits for the next run, which submits it in a new batch.
    retryable: true,
    ...(r.raw !== undefined && { raw: r.raw }),
  });
}

function abortError(): Error {
  return new DOMException('the call was aborted', 'AbortError');
}
