import { type LocalServer, listenLocal, readBody } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLeanFetch, leanFetch, warmUpLeanFetch } from './lean-fetch.js';

let origin = '';
let server: LocalServer;
beforeAll(async () => {
  server = await listenLocal(async (req, res) => {
    const body = await readBody(req);
    if (req.url === '/empty') return void res.writeHead(204).end();
    // Headers and half a body, then nothing (/hang) or a dropped connection (/cut).
    if (req.url === '/hang' || req.url === '/cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"half":');
      if (req.url === '/cut') setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.writeHead(req.url === '/fail' ? 503 : 200, { 'content-type': 'application/json', 'Retry-After': '3' });
    res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null, 한: '글' }));
  });
  origin = server.origin;
});
afterAll(() => server.close());

const post = (path: string) =>
  leanFetch(`${origin}${path}`, { method: 'POST', headers: { authorization: 'Bearer k' }, body: '{"x":1}' });

describe('leanFetch', () => {
  it('returns status, headers and the body as the SDK reads them (one chunk, UTF-8 intact)', async () => {
    const res = await post('/ok');
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('Retry-After')).toBe('3');
    const all: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      all[name] = value;
    });
    expect(all['set-cookie']).toBe('a=1, b=2');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect((await reader.read()).done).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(first.value))).toEqual({
      method: 'POST',
      body: '{"x":1}',
      auth: 'Bearer k',
      한: '글',
    });
  });

  it('reports error statuses without throwing, body readable as text', async () => {
    const res = await post('/fail');
    expect(res.ok).toBe(false);
    expect(res.status).toBe(503);
    expect(JSON.parse(await res.text()).method).toBe('POST');
  });

  it('handles an empty body', async () => {
    const res = await post('/empty');
    expect(res.status).toBe(204);
    expect((await (res.body as ReadableStream<Uint8Array>).getReader().read()).done).toBe(true);
  });

  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'TimeoutError'));
    const error = await leanFetch(`${origin}/ok`, { method: 'POST', body: '{}', signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
  });

  it('rejects with the abort reason when aborted while the body is arriving', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('no reply within 50 ms', 'TimeoutError')), 50);
    const error = await leanFetch(`${origin}/hang`, { method: 'POST', body: '{}', signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).message).toBe('no reply within 50 ms');
  });

  it('rejects a reply cut off mid-body as a network error (ECONNRESET), not a short body', async () => {
    const error = await post('/cut').catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('ECONNRESET');
  });

  it('closes its kept-alive connections on request and opens new ones for a later call', async () => {
    // Earlier tests' connections belong to the client being replaced.
    await closeLeanFetch();
    await warmUpLeanFetch();
    const sockets = new Set<unknown>();
    server.http.on('connection', (socket) => sockets.add(socket));
    expect((await post('/ok')).status).toBe(200);
    const open = [...sockets] as import('node:net').Socket[];
    expect(open.some((s) => !s.destroyed)).toBe(true);
    await closeLeanFetch();
    // The client's FIN reaches the server: no socket is left open to keep a process alive.
    await new Promise((r) => setTimeout(r, 50));
    expect(open.every((s) => s.destroyed || s.readyState !== 'open')).toBe(true);
    expect((await post('/ok')).status).toBe(200);
    await closeLeanFetch();
  });

  it('sends to the path and query of each URL, not only the first one seen', async () => {
    const a = await leanFetch(`${origin}/ok?x=1`, { method: 'POST', body: '{}' });
    const b = await leanFetch(`${origin}/fail`, { method: 'POST', body: '{}' });
    expect([a.status, b.status]).toEqual([200, 503]);
  });
});
