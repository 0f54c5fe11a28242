import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWireServer, TAVILY_WIRE, type WireServer } from './adapters/wire-formats.test-helpers.js';
import { createSearchProvider } from './search-spec.js';
import { withRetries } from './with-retries.js';

const KEY = 'retry-key-83b1c0';
let server: WireServer;
let root: string;
let n = 0;
beforeAll(async () => {
  server = await startWireServer(TAVILY_WIRE, KEY);
  root = mkdtempSync(join(tmpdir(), 'gamut-retries-'));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  server.requests.length = 0;
  server.faults.length = 0;
});

async function tavily(sleeps: number[], options: { retries?: number; maxWaitMs?: number } = {}) {
  const provider = await createSearchProvider('tavily', {
    apiKey: KEY,
    baseURL: server.origin,
    cacheDir: join(root, String(n++)),
  });
  return withRetries(provider, {
    ...options,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
}

describe('withRetries', () => {
  it('waits what a 429 asks, backs off after a 5xx, then returns the results', async () => {
    server.faults.push({ status: 429, body: '{}', headers: { 'retry-after': '3' } }, { status: 503, body: '' });
    const sleeps: number[] = [];
    const results = await (await tavily(sleeps)).search('q');
    expect(results).toHaveLength(2);
    // 3 s from retry-after; then the second backoff step, 2 s.
    expect(sleeps).toEqual([3000, 2000]);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a refused key', async () => {
    server.faults.push({ status: 401, body: '{}' });
    const sleeps: number[] = [];
    await expect((await tavily(sleeps)).search('q')).rejects.toMatchObject({ kind: 'auth' });
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after its retries, and at once on a wait longer than it accepts', async () => {
    server.faults.push(...Array.from({ length: 3 }, () => ({ status: 502, body: '' })));
    const sleeps: number[] = [];
    await expect((await tavily(sleeps, { retries: 2 })).search('q')).rejects.toMatchObject({ kind: 'server' });
    expect(sleeps).toEqual([1000, 2000]);
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    server.faults.push({ status: 429, body: '{}', headers: { 'retry-after': '600' } });
    await expect((await tavily([], { maxWaitMs: 60_000 })).search('q')).rejects.toMatchObject({
      retryAfterMs: 600_000,
    });
    expect(server.requests).toHaveLength(1);
  });
});
