import { createHash } from 'node:crypto';
import { canonicalJson } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { callCacheKey } from './cache-key.js';

const sha = (t: string) => createHash('sha256').update(t).digest('hex');

describe('callCacheKey', () => {
  it('is the SHA-256 of the canonical JSON of the call, parts and images by digest', async () => {
    const schema = { type: 'object' };
    const key = await callCacheKey(
      { provider: 'openai', modelId: 'gpt-4.1', endpoint: 'https://api.openai.com/v1/responses' },
      {
        system: 'sys "quoted"',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'shared', cacheBreakpoint: true },
              { type: 'image', data: new Uint8Array([1, 2]) },
            ],
          },
          { role: 'assistant', content: [{ type: 'text', text: 'reply' }] },
        ],
        responseFormat: { name: 'v', description: 'd "q"', schema },
        temperature: 0,
        maxOutputTokens: 600,
        seed: 7,
        promptTemplate: 'gamut-judge-check@abc',
        sample: 2,
      },
    );
    const expected = sha(
      canonicalJson({
        v: 2,
        provider: 'openai',
        endpoint: 'https://api.openai.com/v1/responses',
        model: 'gpt-4.1',
        params: {
          temperature: 0,
          maxOutputTokens: 600,
          seed: 7,
          responseFormat: { name: 'v', description: 'd "q"', schema: sha(canonicalJson(schema)) },
        },
        promptTemplate: 'gamut-judge-check@abc',
        system: sha('sys "quoted"'),
        messages: [
          { role: 'user', parts: [`t:${sha('shared')}`, `i:${sha(String.fromCharCode(1, 2))}`] },
          { role: 'assistant', parts: [`t:${sha('reply')}`] },
        ],
        sample: 2,
      }),
    );
    expect(key).toBe(expected);
  });

  it('ignores the cache breakpoint mark but not the text', async () => {
    const m = { provider: 'p', modelId: 'm' };
    const a = await callCacheKey(m, {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cacheBreakpoint: true }] }],
    });
    const b = await callCacheKey(m, { messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
    const c = await callCacheKey(m, { messages: [{ role: 'user', content: [{ type: 'text', text: 'y' }] }] });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});
