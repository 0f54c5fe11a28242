import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal, readBody } from './local-server.js';
import { type ScriptedReply, successBody, type WireFormat } from './wire-formats.js';

/** The batch APIs the server speaks. */
export type BatchApi = 'openai' | 'anthropic' | 'gemini';

/** One request to the batch server, as logged. */
export interface BatchServerRequest {
  api: BatchApi;
  /** What the request did. */
  kind: 'upload' | 'create' | 'poll' | 'results' | 'list';
  method: string;
  path: string;
  /** The batch it concerns (for `create`, the one it made). */
  batchId?: string;
  headers: IncomingMessage['headers'];
}

/** One request inside a batch, as the reply and fault scripts see it. */
export interface BatchItem {
  api: BatchApi;
  format: WireFormat;
  customId: string;
  body: Record<string, unknown>;
}

/** What a request inside a batch comes to: its reply (default), an error with a message, or expiry. */
export type BatchItemFault = { kind: 'error'; message: string; status?: number } | { kind: 'expired' };

export interface BatchServerOptions {
  reply?: (item: BatchItem) => string | ScriptedReply;
  fault?: (item: BatchItem) => BatchItemFault | undefined;
  /** Polls that see a batch still running before it ends (default 1). */
  pollsBeforeEnd?: number;
  /** Validation fails for the whole batch (OpenAI `failed`, Gemini `BATCH_STATE_FAILED`) with this reason. */
  failBatches?: string;
  /**
   * Awaited after a batch is created and before the reply is sent: a test kills its client here to
   * stop it between the provider accepting a batch and the client learning its id.
   */
  onCreate?: (batchId: string) => Promise<void> | void;
}

/**
 * A real HTTP server on 127.0.0.1 speaking the three batch APIs as documented: OpenAI Batch
 * (`/v1/files` upload, `/v1/batches` create and poll, `/v1/files/<id>/content`), Anthropic
 * Message Batches (`/v1/messages/batches` create, poll, `…/results` JSONL) and Gemini batch mode
 * (`models/<m>:batchGenerateContent`, then `batches/<id>` polled until its inlined responses), and
 * each API's list of batches, newest first, paged (OpenAI `after`, Anthropic `after_id`, Gemini
 * `pageToken`) with the OpenAI metadata and Gemini display name each batch was created with.
 * Each result body is the recorded synchronous reply with the scripted text; every request is logged.
 */
export interface BatchServer {
  origin: string;
  requests: BatchServerRequest[];
  /** Requests inside the batches created so far, by batch id. */
  readonly batches: ReadonlyMap<string, readonly BatchItem[]>;
  /** While held, every batch reports itself running, however often it is polled. */
  hold(held: boolean): void;
  setFault(fault: BatchServerOptions['fault']): void;
  close(): Promise<void>;
}

interface Batch {
  id: string;
  api: BatchApi;
  items: BatchItem[];
  polls: number;
  createdAt: number;
  /** OpenAI's `metadata`, Gemini's display name. */
  metadata?: Record<string, string>;
  displayName?: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

const ROUTES = [
  ['openai-upload', 'POST', /^\/v1\/files$/],
  ['openai-create', 'POST', /^\/v1\/batches$/],
  ['openai-list', 'GET', /^\/v1\/batches$/],
  ['anthropic-list', 'GET', /^\/v1\/messages\/batches$/],
  ['gemini-list', 'GET', /^\/v1beta\/batches$/],
  ['openai-poll', 'GET', /^\/v1\/batches\/([^/]+)$/],
  ['openai-content', 'GET', /^\/v1\/files\/([^/]+)\/content$/],
  ['anthropic-create', 'POST', /^\/v1\/messages\/batches$/],
  ['anthropic-poll', 'GET', /^\/v1\/messages\/batches\/([^/]+)$/],
  ['anthropic-results', 'GET', /^\/v1\/messages\/batches\/([^/]+)\/results$/],
  ['gemini-create', 'POST', /^\/v1beta\/models\/([^/:]+):batchGenerateContent$/],
  ['gemini-poll', 'GET', /^\/v1beta\/(batches\/[^/]+)$/],
] as const;

/** Which batch API call a request is, and the id in its path. */
function routeOf(method: string, path: string): { route?: (typeof ROUTES)[number][0]; id?: string } {
  for (const [route, verb, re] of ROUTES) {
    const m = verb === method ? path.match(re) : null;
    if (m) return { route, ...(m[1] !== undefined && { id: m[1] }) };
  }
  return {};
}
const DEFAULT_REPLY = JSON.stringify({ rationale: 'The answer states it.', quote: null, verdict: 'meets' });

export async function startBatchServer(options: BatchServerOptions = {}): Promise<BatchServer> {
  const requests: BatchServerRequest[] = [];
  const files = new Map<string, string>();
  const batches = new Map<string, Batch>();
  let held = false;
  let fault = options.fault;
  const pollsBeforeEnd = options.pollsBeforeEnd ?? 1;
  const reply = (item: BatchItem): unknown => {
    const r = options.reply?.(item) ?? DEFAULT_REPLY;
    return JSON.parse(successBody(item.format, typeof r === 'string' ? { text: r } : r));
  };
  const ended = (b: Batch) => !held && b.polls > pollsBeforeEnd;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const log = (api: BatchApi, kind: BatchServerRequest['kind'], batchId?: string) =>
      requests.push({ api, kind, method, path, headers: req.headers, ...(batchId !== undefined && { batchId }) });
    const json = (status: number, body: unknown) => res.writeHead(status, JSON_TYPE).end(JSON.stringify(body));
    const notFound = () => json(404, { error: { message: `no such batch or file: ${path}` } });
    const { route, id } = routeOf(method, path);

    // OpenAI
    if (route === 'openai-upload') {
      log('openai', 'upload');
      const form = await new Request('http://x/', {
        method,
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: raw,
      }).formData();
      const file = form.get('file');
      if (form.get('purpose') !== 'batch' || !(file instanceof Blob)) {
        return json(400, { error: { message: "upload a file with purpose 'batch'" } });
      }
      const id = `file-${randomUUID().slice(0, 12)}`;
      files.set(id, await file.text());
      return json(200, { id, object: 'file', bytes: file.size, purpose: 'batch', filename: 'batch.jsonl' });
    }
    if (route === 'openai-create') {
      const body = JSON.parse(raw) as {
        input_file_id: string;
        endpoint: string;
        completion_window: string;
        metadata?: Record<string, string>;
      };
      const input = files.get(body.input_file_id);
      if (input === undefined) return json(400, { error: { message: `no file ${body.input_file_id}` } });
      const items = input
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { custom_id: string; url: string; body: Record<string, unknown> })
        .map((l) => ({
          api: 'openai' as const,
          format: (l.url.endsWith('/chat/completions') ? 'openai-chat' : 'openai-responses') as WireFormat,
          customId: l.custom_id,
          body: l.body,
        }));
      const b = create('openai', items, `batch_${randomUUID().slice(0, 12)}`, {
        ...(body.metadata !== undefined && { metadata: body.metadata }),
      });
      log('openai', 'create', b.id);
      await options.onCreate?.(b.id);
      return json(200, openAiBatch(b));
    }
    if (route === 'openai-list') {
      log('openai', 'list');
      const page = pageOf('openai', url.searchParams.get('after'), Number(url.searchParams.get('limit') ?? 20));
      const data = page.batches.map(openAiBatch);
      return json(200, {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: page.more,
      });
    }
    if (route === 'openai-poll') {
      const b = batches.get(id ?? '');
      log('openai', 'poll', id);
      if (!b) return notFound();
      b.polls++;
      return json(200, openAiBatch(b));
    }
    if (route === 'openai-content') {
      log('openai', 'results');
      const text = files.get(id ?? '');
      if (text === undefined) return notFound();
      return res.writeHead(200, { 'content-type': 'application/jsonl' }).end(text);
    }

    // Anthropic
    if (route === 'anthropic-create') {
      const body = JSON.parse(raw) as { requests: { custom_id: string; params: Record<string, unknown> }[] };
      const items = body.requests.map((r) => ({
        api: 'anthropic' as const,
        format: 'anthropic' as const,
        customId: r.custom_id,
        body: r.params,
      }));
      const b = create('anthropic', items, `msgbatch_${randomUUID().replaceAll('-', '').slice(0, 20)}`, {});
      log('anthropic', 'create', b.id);
      await options.onCreate?.(b.id);
      return json(200, anthropicBatch(b));
    }
    if (route === 'anthropic-list') {
      log('anthropic', 'list');
      const page = pageOf('anthropic', url.searchParams.get('after_id'), Number(url.searchParams.get('limit') ?? 20));
      const data = page.batches.map(anthropicBatch);
      return json(200, { data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: page.more });
    }
    if (route === 'anthropic-poll') {
      const b = batches.get(id ?? '');
      log('anthropic', 'poll', id);
      if (!b) return notFound();
      b.polls++;
      return json(200, anthropicBatch(b));
    }
    if (route === 'anthropic-results') {
      const b = batches.get(id ?? '');
      log('anthropic', 'results', id);
      if (!b || !ended(b)) return notFound();
      const lines = b.items.map((i) => JSON.stringify({ custom_id: i.customId, result: anthropicResult(i) }));
      return res.writeHead(200, { 'content-type': 'application/binary' }).end(`${lines.join('\n')}\n`);
    }

    // Gemini
    if (route === 'gemini-create') {
      const body = JSON.parse(raw) as {
        batch: {
          display_name?: string;
          input_config: { requests: { requests: { request: Record<string, unknown>; metadata: { key: string } }[] } };
        };
      };
      const items = body.batch.input_config.requests.requests.map((r) => ({
        api: 'gemini' as const,
        format: 'gemini' as const,
        customId: r.metadata.key,
        body: r.request,
      }));
      const b = create('gemini', items, `batches/${randomUUID().slice(0, 12)}`, {
        ...(body.batch.display_name !== undefined && { displayName: body.batch.display_name }),
      });
      log('gemini', 'create', b.id);
      await options.onCreate?.(b.id);
      return json(200, geminiOperation(b));
    }
    if (route === 'gemini-list') {
      log('gemini', 'list');
      const page = pageOf('gemini', url.searchParams.get('pageToken'), Number(url.searchParams.get('pageSize') ?? 20));
      return json(200, {
        operations: page.batches.map(geminiOperation),
        ...(page.more && { nextPageToken: page.batches.at(-1)?.id }),
      });
    }
    if (route === 'gemini-poll') {
      const b = batches.get(id ?? '');
      log('gemini', 'poll', id);
      if (!b) return notFound();
      b.polls++;
      return json(200, geminiOperation(b));
    }
    json(404, { error: { message: `the batch server has no ${method} ${path}` } });
  }

  function create(
    api: BatchApi,
    items: BatchItem[],
    id: string,
    named: Pick<Batch, 'metadata' | 'displayName'>,
  ): Batch {
    const b: Batch = { id, api, items, polls: 0, createdAt: Math.floor(Date.now() / 1000), ...named };
    batches.set(id, b);
    return b;
  }

  /** One page of an API's batches, newest first, after the batch `after` (a page's last id). */
  function pageOf(api: BatchApi, after: string | null, limit: number): { batches: Batch[]; more: boolean } {
    const all = [...batches.values()].filter((b) => b.api === api).reverse();
    const from = after === null ? 0 : all.findIndex((b) => b.id === after) + 1;
    const page = all.slice(from, from + limit);
    return { batches: page, more: from + limit < all.length };
  }

  const faultOf = (i: BatchItem) => fault?.(i);

  function openAiBatch(b: Batch) {
    const base = {
      id: b.id,
      object: 'batch',
      metadata: b.metadata ?? null,
      endpoint: '/v1/responses',
      completion_window: '24h',
      created_at: b.createdAt,
    };
    const total = b.items.length;
    if (options.failBatches !== undefined) {
      const errors = { object: 'list', data: [{ code: 'invalid_request', message: options.failBatches, line: 1 }] };
      return { ...base, status: 'failed', errors, output_file_id: null, error_file_id: null };
    }
    if (!ended(b)) {
      return {
        ...base,
        status: b.polls === 0 ? 'validating' : 'in_progress',
        request_counts: { total, completed: 0, failed: 0 },
      };
    }
    const out: string[] = [];
    const err: string[] = [];
    for (const i of b.items) {
      const f = faultOf(i);
      const id = `batch_req_${randomUUID().slice(0, 8)}`;
      if (f?.kind === 'expired') {
        const error = {
          code: 'batch_expired',
          message: 'This request could not be executed before the completion window expired.',
        };
        err.push(JSON.stringify({ id, custom_id: i.customId, response: null, error }));
      } else if (f?.kind === 'error') {
        const response = {
          status_code: f.status ?? 400,
          request_id: id,
          body: { error: { message: f.message, type: 'invalid_request_error' } },
        };
        err.push(JSON.stringify({ id, custom_id: i.customId, response, error: null }));
      } else {
        out.push(
          JSON.stringify({
            id,
            custom_id: i.customId,
            response: { status_code: 200, request_id: id, body: reply(i) },
            error: null,
          }),
        );
      }
    }
    const file = (lines: string[]) => {
      if (lines.length === 0) return null;
      const id = `file-${randomUUID().slice(0, 12)}`;
      files.set(id, `${lines.join('\n')}\n`);
      return id;
    };
    const expired = b.items.some((i) => faultOf(i)?.kind === 'expired');
    return {
      ...base,
      status: expired ? 'expired' : 'completed',
      output_file_id: file(out),
      error_file_id: file(err),
      request_counts: { total, completed: out.length, failed: err.length },
    };
  }

  function anthropicBatch(b: Batch) {
    const done = ended(b);
    const counts = { processing: done ? 0 : b.items.length, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
    if (done) {
      for (const i of b.items) {
        const f = faultOf(i);
        if (f?.kind === 'expired') counts.expired++;
        else if (f?.kind === 'error') counts.errored++;
        else counts.succeeded++;
      }
    }
    return {
      id: b.id,
      type: 'message_batch',
      processing_status: done ? 'ended' : 'in_progress',
      request_counts: counts,
      created_at: new Date(b.createdAt * 1000).toISOString(),
      results_url: done ? `${server.origin}/v1/messages/batches/${b.id}/results` : null,
    };
  }

  function anthropicResult(i: BatchItem) {
    const f = faultOf(i);
    if (f?.kind === 'expired') return { type: 'expired' };
    if (f?.kind === 'error')
      return {
        type: 'errored',
        error: { type: 'error', error: { type: 'invalid_request_error', message: f.message } },
      };
    return { type: 'succeeded', message: reply(i) };
  }

  function geminiOperation(b: Batch) {
    const metadata = {
      '@type': 'type.googleapis.com/google.ai.generativelanguage.v1main.GenerateContentBatch',
      name: b.id,
      ...(b.displayName !== undefined && { displayName: b.displayName }),
    };
    if (options.failBatches !== undefined) {
      return {
        name: b.id,
        metadata: { ...metadata, state: 'BATCH_STATE_FAILED' },
        done: true,
        error: { code: 3, message: options.failBatches },
      };
    }
    if (!ended(b))
      return {
        name: b.id,
        metadata: { ...metadata, state: b.polls === 0 ? 'BATCH_STATE_PENDING' : 'BATCH_STATE_RUNNING' },
      };
    const inlined: unknown[] = [];
    let expired = false;
    for (const i of b.items) {
      const f = faultOf(i);
      // An expired batch answers only what it finished in time.
      if (f?.kind === 'expired') expired = true;
      else if (f?.kind === 'error')
        inlined.push({ metadata: { key: i.customId }, error: { code: 3, message: f.message } });
      else inlined.push({ metadata: { key: i.customId }, response: reply(i) });
    }
    return {
      name: b.id,
      metadata: { ...metadata, state: expired ? 'BATCH_STATE_EXPIRED' : 'BATCH_STATE_SUCCEEDED' },
      done: true,
      response: {
        '@type': 'type.googleapis.com/google.ai.generativelanguage.v1main.GenerateContentBatchOutput',
        inlinedResponses: { inlinedResponses: inlined },
      },
    };
  }

  const server = await listenLocal(handle);
  return {
    origin: server.origin,
    requests,
    get batches() {
      return new Map([...batches].map(([id, b]) => [id, b.items]));
    },
    hold(h) {
      held = h;
    },
    setFault(f) {
      fault = f;
    },
    close: () => server.close(),
  };
}
