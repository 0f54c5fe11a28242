import { z } from 'zod';
import { type BatchItemResult, type BatchWire, jsonlLines, sibling, wireCall } from './batch-wire.js';

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
});
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
  size: (r) => Buffer.byteLength(JSON.stringify({ custom_id: r.customId, params: r.body })) + 1,
  async submit(ep, requests) {
    const res = await wireCall(ep, 'anthropic', 'creating the batch', sibling(ep.url, '/messages/batches', API), {
      method: 'POST',
      json: true,
      body: JSON.stringify({ requests: requests.map((r) => ({ custom_id: r.customId, params: r.body })) }),
    });
    return MessageBatch.parse(await res.json()).id;
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
