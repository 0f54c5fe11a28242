import { z } from 'zod';
import {
  type BatchItemResult,
  type BatchRequest,
  type BatchWire,
  CLOCK_SKEW_MS,
  FIND_PAGES,
  jsonArrayIn,
  jsonlLines,
  sibling,
  wireCall,
} from './batch-wire.js';

const API = /\/messages$/;

const MessageBatch = z.object({
  id: z.string(),
  processing_status: z.enum(['in_progress', 'canceling', 'ended']),
  request_counts: z
    .object({
      processing: z.number(),
      succeeded: z.number(),
      errored: z.number(),
      canceled: z.number(),
      expired: z.number(),
    })
    .nullish(),
  results_url: z.string().nullish(),
  created_at: z.string().nullish(),
});
const BatchList = z.object({
  data: z.array(MessageBatch),
  has_more: z.boolean().nullish(),
  last_id: z.string().nullish(),
});
const total = (b: z.infer<typeof MessageBatch>) => {
  const c = b.request_counts;
  return c ? c.processing + c.succeeded + c.errored + c.canceled + c.expired : undefined;
};
/** One line of the results JSONL. */
const ResultLine = z.object({
  custom_id: z.string(),
  result: z.discriminatedUnion('type', [
    z.object({ type: z.literal('succeeded'), message: z.unknown() }),
    z.object({
      type: z.literal('errored'),
      error: z.object({ error: z.object({ type: z.string(), message: z.string() }).nullish() }).nullish(),
    }),
    z.object({ type: z.literal('canceled') }),
    z.object({ type: z.literal('expired') }),
  ]),
});

/** Anthropic Message Batches: the requests sent inline, results read as JSONL from `results_url` once ended. */
export const anthropicBatchWire: BatchWire = {
  provider: 'anthropic',
  // 100,000 requests or 256 MB per batch.
  limits: { requests: 100_000, bytes: 256 * 1024 * 1024 },
  size: (r) => Buffer.byteLength(entry(r)) + 1,
  async submit(ep, requests) {
    const res = await wireCall(ep, 'anthropic', 'creating the batch', sibling(ep.url, '/messages/batches', API), {
      method: 'POST',
      json: true,
      body: jsonArrayIn('{"requests":', requests.map(entry), '}'),
    });
    return MessageBatch.parse(await res.json()).id;
  },
  // Message Batches keep no metadata, and a batch shows its requests' custom ids only in its
  // results: every batch created since the submission was recorded (less the clock skew) with as
  // many requests may be it, and the caller tells them apart once they have ended.
  async find(ep, s) {
    const oldest = s.since.getTime() - CLOCK_SKEW_MS;
    const created = (b: z.infer<typeof MessageBatch>) => (b.created_at ? Date.parse(b.created_at) : 0);
    const candidates: string[] = [];
    const found = () => (candidates.length === 0 ? undefined : { candidates: candidates.reverse() });
    let after: string | undefined;
    for (let page = 0; page < FIND_PAGES; page++) {
      const base = sibling(ep.url, '/messages/batches', API);
      const url = `${base}?limit=100${after === undefined ? '' : `&after_id=${encodeURIComponent(after)}`}`;
      const list = BatchList.parse(
        await (await wireCall(ep, 'anthropic', `looking up ${s.key}`, url, { method: 'GET' })).json(),
      );
      for (const b of list.data) {
        if (created(b) < oldest) return found();
        if (total(b) === s.requests) candidates.push(b.id);
      }
      const last = list.data.at(-1);
      if (!list.has_more || last === undefined) return found();
      after = list.last_id ?? last.id;
    }
    return found();
  },
  async poll(ep, batchId) {
    const url = sibling(ep.url, `/messages/batches/${batchId}`, API);
    const b = MessageBatch.parse(
      await (await wireCall(ep, 'anthropic', `polling ${batchId}`, url, { method: 'GET' })).json(),
    );
    if (b.processing_status !== 'ended') {
      const c = b.request_counts;
      const done = c ? c.succeeded + c.errored + c.canceled + c.expired : undefined;
      return {
        state: 'running',
        detail: c ? `${b.processing_status}, ${done} of ${done! + c.processing} done` : b.processing_status,
      };
    }
    const results = new Map<string, BatchItemResult>();
    if (b.results_url) {
      const res = await wireCall(ep, 'anthropic', `reading the results of ${batchId}`, b.results_url, {
        method: 'GET',
      });
      for (const line of jsonlLines(await res.text())) {
        const l = ResultLine.parse(JSON.parse(line));
        results.set(l.custom_id, itemResult(l.result, line));
      }
    }
    return { state: 'ended', results, missing: 'the batch ended without a result for this request' };
  },
};

/** One request of the batch, its body spliced in as the SDK wrote it. */
function entry(r: BatchRequest): string {
  return `{"custom_id":${JSON.stringify(r.customId)},"params":${r.body}}`;
}

function itemResult(r: z.infer<typeof ResultLine>['result'], line: string): BatchItemResult {
  switch (r.type) {
    case 'succeeded':
      return { ok: true, body: r.message };
    case 'errored':
      return {
        ok: false,
        reason: `${r.error?.error?.type ?? 'error'}: ${r.error?.error?.message ?? ''}`.trim(),
        raw: line,
      };
    case 'canceled':
      return { ok: false, reason: 'canceled: the batch was canceled before this request ran', raw: line };
    case 'expired':
      return { ok: false, reason: 'expired: the batch reached its 24 h limit before this request ran', raw: line };
  }
}
