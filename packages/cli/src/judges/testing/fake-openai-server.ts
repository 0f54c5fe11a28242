import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake server saw it. */
export interface SeenRequest {
  key: string;
  body: Record<string, unknown>;
  raw: string;
  receivedAt: number;
  /** When the full response was written; undefined while in flight or if it never completed. */
  completedAt?: number;
}

export interface FakeOpenAiServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

const VERDICTS = ['meets', 'partially_meets', 'missing', 'contradicts'] as const;

/**
 * A small server speaking the OpenAI chat-completions wire format, for
 * end-to-end tests of `gamut judge` and `gamut run`. Judge calls (those with a
 * `response_format`) get a verdict that is a pure function of the prompt, so
 * an interrupted and an uninterrupted run agree; other calls get an answer.
 * Markers in the prompt trigger faults: `[429]` (once, with retry-after),
 * `[500]` (twice), `[hang]` (once, never answered), `[badjson]` (once, a
 * body that is not JSON), `[offmenu]` (always the verdict "yes").
 */
export async function startFakeOpenAiServer(options: { latencyMs?: number } = {}): Promise<FakeOpenAiServer> {
  const requests: SeenRequest[] = [];
  const faultsSeen = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      res.writeHead(400).end('{"error":{"message":"invalid JSON"}}');
      return;
    }
    const key = createHash('sha256')
      .update(JSON.stringify([body.model, body.messages, body.response_format]))
      .digest('hex');
    const seen: SeenRequest = { key, body, raw, receivedAt: Date.now() };
    requests.push(seen);
    const prompt = JSON.stringify(body.messages);
    const nth = (marker: string) => {
      const k = `${marker}:${key}`;
      const n = (faultsSeen.get(k) ?? 0) + 1;
      faultsSeen.set(k, n);
      return n;
    };
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    const done = () => {
      seen.completedAt = Date.now();
    };
    if (prompt.includes('[429]') && nth('429') === 1) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end('{"error":{"message":"rate limited","type":"rate_limit"}}', done);
      return;
    }
    if (prompt.includes('[500]') && nth('500') <= 2) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"boom"}}', done);
      return;
    }
    if (prompt.includes('[hang]') && nth('hang') === 1) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (prompt.includes('[badjson]') && nth('badjson') === 1) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"chatcmpl-x","choices":[{"message":', done);
      return;
    }
    const h = createHash('sha256').update(prompt).digest();
    let content: string;
    if (body.response_format && JSON.stringify(body.response_format).includes('"verdicts"')) {
      // Batched: one verdict per check listed as `[<id>] <text>` in the last message.
      const last = JSON.stringify((body.messages as unknown[]).at(-1));
      const ids = [...last.matchAll(/\[([^\]\s]+\.[^\]\s]+)\] /g)].map((m) => m[1]!);
      const verdicts = ids.map((check_id) => {
        const v = createHash('sha256').update(`${prompt}\n${check_id}`).digest();
        return { check_id, verdict: VERDICTS[v[0]! % 4], rationale: `fake batch rationale ${check_id}`, quote: null };
      });
      content = JSON.stringify({ verdicts });
    } else if (body.response_format) {
      const verdict = prompt.includes('[offmenu]') ? 'yes' : VERDICTS[h[0]! % 4];
      content = JSON.stringify({ verdict, rationale: `fake rationale ${h.toString('hex').slice(0, 8)}`, quote: null });
    } else {
      // Different models answer differently, or the judge would (rightly) grade one text once.
      const a = createHash('sha256')
        .update(`${String(body.model)}\n${prompt}`)
        .digest('hex');
      content = `Fake answer ${a.slice(0, 6)}: beef braised in red wine. 김치찌개입니다.`;
    }
    const reply = {
      id: `chatcmpl-${h.toString('hex').slice(0, 12)}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
      usage: {
        prompt_tokens: Math.ceil(prompt.length / 4),
        completion_tokens: Math.ceil(content.length / 4),
        total_tokens: 0,
      },
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply), done);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
