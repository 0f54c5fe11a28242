import { z } from 'zod';
import {
  type BatchItemResult,
  type BatchRequest,
  type BatchWire,
  FIND_PAGES,
  jsonArrayIn,
  wireCall,
} from './batch-wire.js';

/** One inlined request, its body spliced in as the SDK wrote it. */
function entry(r: BatchRequest): string {
  return `{"request":${r.body},"metadata":{"key":${JSON.stringify(r.customId)}}}`;
}

const Status = z.object({ code: z.number().nullish(), message: z.string().nullish() });
/** The long-running operation a batch is: its state in `metadata`, the inlined responses in `response` once done. */
const Operation = z.object({
  name: z.string(),
  done: z.boolean().nullish(),
  error: Status.nullish(),
  metadata: z.object({ state: z.string().nullish(), displayName: z.string().nullish() }).nullish(),
  response: z
    .object({
      inlinedResponses: z
        .object({
          inlinedResponses: z
            .array(
              z.object({
                metadata: z.object({ key: z.string() }).nullish(),
                response: z.unknown().optional(),
                error: Status.nullish(),
              }),
            )
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

const OperationList = z.object({
  operations: z.array(Operation.pick({ name: true, metadata: true })).nullish(),
  nextPageToken: z.string().nullish(),
});

// The SDKs spell the states JOB_STATE_*, the REST API BATCH_STATE_*.
const state = (s: string | null | undefined) => (s ?? '').replace(/^(BATCH|JOB)_STATE_/, '');
const ENDED: Record<string, string> = {
  SUCCEEDED: 'the batch succeeded without a response for this request',
  FAILED: 'the batch failed',
  CANCELLED: 'the batch was cancelled before this request ran',
  EXPIRED: 'the batch expired (it ran past 48 h) before this request ran',
};

const rootOf = (url: string) => url.slice(0, url.indexOf('/models/'));

/** Gemini batch mode with inlined requests: `models/<model>:batchGenerateContent`, then the operation polled. */
export const geminiBatchWire: BatchWire = {
  provider: 'google',
  // Inlined requests are limited by their total size only (20 MB); larger batches go in several.
  limits: { requests: Number.POSITIVE_INFINITY, bytes: 20 * 1000 * 1000 },
  size: (r) => Buffer.byteLength(entry(r)) + 1,
  async submit(ep, requests, key) {
    const url = ep.url.replace(/:generateContent$/, ':batchGenerateContent');
    // The display name is the submission key: how a rerun finds this batch if its name was never stored.
    const body = jsonArrayIn(
      `{"batch":{"display_name":${JSON.stringify(key)},"input_config":{"requests":{"requests":`,
      requests.map(entry),
      '}}}}',
    );
    const res = await wireCall(ep, 'google', 'creating the batch', url, { method: 'POST', json: true, body });
    return Operation.parse(await res.json()).name;
  },
  async find(ep, s) {
    let token: string | undefined;
    for (let page = 0; page < FIND_PAGES; page++) {
      const url = `${rootOf(ep.url)}/batches?pageSize=100${token === undefined ? '' : `&pageToken=${encodeURIComponent(token)}`}`;
      const list = OperationList.parse(
        await (await wireCall(ep, 'google', `looking up ${s.key}`, url, { method: 'GET' })).json(),
      );
      const hit = (list.operations ?? []).find((op) => op.metadata?.displayName === s.key);
      if (hit !== undefined) return { id: hit.name };
      if (!list.nextPageToken) return undefined;
      token = list.nextPageToken;
    }
    return undefined;
  },
  async poll(ep, batchId) {
    const res = await wireCall(ep, 'google', `polling ${batchId}`, `${rootOf(ep.url)}/${batchId}`, { method: 'GET' });
    const op = Operation.parse(await res.json());
    const s = state(op.metadata?.state);
    const ended = ENDED[s];
    if (ended === undefined && op.done !== true) return { state: 'running', detail: s.toLowerCase() || 'pending' };
    const results = new Map<string, BatchItemResult>();
    for (const item of op.response?.inlinedResponses?.inlinedResponses ?? []) {
      const key = item.metadata?.key;
      if (key === undefined) continue;
      if (item.error) {
        const reason = `${item.error.code ?? 'error'}: ${item.error.message ?? ''}`.trim();
        results.set(key, { ok: false, reason, raw: JSON.stringify(item) });
      } else results.set(key, { ok: true, body: item.response });
    }
    const why = op.error?.message ? `${ended ?? 'the batch ended'}: ${op.error.message}` : (ended ?? 'the batch ended');
    return { state: 'ended', results, missing: why };
  },
};
