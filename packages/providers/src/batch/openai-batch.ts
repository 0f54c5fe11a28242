import { z } from 'zod';
import {
  type BatchEndpoint,
  type BatchItemResult,
  type BatchPoll,
  type BatchRequest,
  type BatchWire,
  CLOCK_SKEW_MS,
  FIND_PAGES,
  jsonlLines,
  sibling,
  wireCall,
} from './batch-wire.js';

const API = /\/(responses|chat\/completions)$/;

const FileObject = z.object({ id: z.string() });
/** The Batch object, as much of it as we read. */
const OpenAiBatch = z.object({
  id: z.string(),
  status: z.enum([
    'validating',
    'failed',
    'in_progress',
    'finalizing',
    'completed',
    'expired',
    'cancelling',
    'cancelled',
  ]),
  output_file_id: z.string().nullish(),
  error_file_id: z.string().nullish(),
  errors: z
    .object({ data: z.array(z.object({ code: z.string().nullish(), message: z.string().nullish() })).nullish() })
    .nullish(),
  request_counts: z.object({ total: z.number(), completed: z.number(), failed: z.number() }).nullish(),
  created_at: z.number().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const BatchList = z.object({
  data: z.array(OpenAiBatch),
  has_more: z.boolean().nullish(),
  last_id: z.string().nullish(),
});
/** The metadata key a batch's submission key goes under. */
const SUBMISSION = 'gamut_submission';
/** One line of an output or error file. */
const OutputLine = z.object({
  custom_id: z.string(),
  response: z.object({ status_code: z.number(), body: z.unknown() }).nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

const ENDED: Record<string, string> = {
  completed: 'the batch completed without a result for this request',
  expired: 'the batch expired (its 24 h completion window passed) before this request ran',
  cancelled: 'the batch was cancelled before this request ran',
};

/** OpenAI Batch: the requests uploaded as a JSONL file (purpose `batch`), results read from its output and error files. */
export const openAiBatchWire: BatchWire = {
  provider: 'openai',
  // 50,000 requests and 200 MB per input file.
  limits: { requests: 50_000, bytes: 200 * 1024 * 1024 },
  size: (r, ep) => Buffer.byteLength(inputLine(r, ep)) + 1,
  async submit(ep, requests, key) {
    const root = sibling(ep.url, '', API);
    const form = new FormData();
    form.set('purpose', 'batch');
    // Parts, not one joined string: a batch of 50,000 requests is not held twice while it is uploaded.
    const lines = requests.map((r) => `${inputLine(r, ep)}\n`);
    form.set('file', new Blob(lines, { type: 'application/jsonl' }), 'gamut-batch.jsonl');
    const upload = await wireCall(ep, 'openai', 'uploading the requests', `${root}/files`, {
      method: 'POST',
      body: form,
    });
    const file = FileObject.parse(await upload.json());
    const created = await wireCall(ep, 'openai', 'creating the batch', `${root}/batches`, {
      method: 'POST',
      json: true,
      body: JSON.stringify({
        input_file_id: file.id,
        endpoint: endpointPath(ep),
        completion_window: '24h',
        metadata: { [SUBMISSION]: key },
      }),
    });
    return OpenAiBatch.parse(await created.json()).id;
  },
  // The list is newest first: read back to a little before the submission was recorded.
  async find(ep, s) {
    const root = sibling(ep.url, '', API);
    const oldest = (s.since.getTime() - CLOCK_SKEW_MS) / 1000;
    let after: string | undefined;
    for (let page = 0; page < FIND_PAGES; page++) {
      const url = `${root}/batches?limit=100${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;
      const list = BatchList.parse(
        await (await wireCall(ep, 'openai', `looking up ${s.key}`, url, { method: 'GET' })).json(),
      );
      const hit = list.data.find((b) => b.metadata?.[SUBMISSION] === s.key);
      if (hit !== undefined) return { id: hit.id };
      const last = list.data.at(-1);
      if (!list.has_more || last === undefined || (last.created_at ?? 0) < oldest) return undefined;
      after = list.last_id ?? last.id;
    }
    return undefined;
  },
  async poll(ep, batchId) {
    const root = sibling(ep.url, '', API);
    const res = await wireCall(ep, 'openai', `polling ${batchId}`, `${root}/batches/${batchId}`, { method: 'GET' });
    const b = OpenAiBatch.parse(await res.json());
    if (b.status === 'failed') {
      const why = (b.errors?.data ?? []).map((e) => e.message ?? e.code).filter(Boolean);
      return {
        state: 'ended',
        results: new Map(),
        missing: `the batch failed: ${why.join('; ') || 'no reason given'}`,
      };
    }
    const missing = ENDED[b.status];
    if (missing === undefined) {
      const c = b.request_counts;
      return { state: 'running', detail: c ? `${b.status}, ${c.completed + c.failed} of ${c.total} done` : b.status };
    }
    const results = new Map<string, BatchItemResult>();
    for (const fileId of [b.output_file_id, b.error_file_id]) {
      if (!fileId) continue;
      const content = await wireCall(ep, 'openai', `reading ${fileId}`, `${root}/files/${fileId}/content`, {
        method: 'GET',
      });
      for (const line of jsonlLines(await content.text())) {
        const l = OutputLine.parse(JSON.parse(line));
        results.set(l.custom_id, itemResult(l, line));
      }
    }
    return { state: 'ended', results, missing } satisfies BatchPoll;
  },
};

function itemResult(l: z.infer<typeof OutputLine>, line: string): BatchItemResult {
  if (l.error) return { ok: false, reason: `${l.error.code ?? 'error'}: ${l.error.message ?? ''}`.trim(), raw: line };
  if (l.response && l.response.status_code < 300) return { ok: true, body: l.response.body };
  const status = l.response?.status_code;
  const body = l.response?.body as { error?: { message?: string } } | undefined;
  return {
    ok: false,
    reason: `HTTP ${status ?? '?'}: ${body?.error?.message ?? 'no message'}`,
    ...(status !== undefined && { status }),
    raw: line,
  };
}

/** The `url` of each request line: the API path as OpenAI names it, whatever base URL the calls use. */
function endpointPath(ep: BatchEndpoint): string {
  return ep.url.endsWith('/chat/completions') ? '/v1/chat/completions' : '/v1/responses';
}

function inputLine(r: BatchRequest, ep: BatchEndpoint): string {
  return `{"custom_id":${JSON.stringify(r.customId)},"method":"POST","url":${JSON.stringify(endpointPath(ep))},"body":${r.body}}`;
}
