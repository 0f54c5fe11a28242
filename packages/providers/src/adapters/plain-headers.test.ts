import { describe, expect, it } from 'vitest';
import { PlainHeaders } from './plain-headers.js';

describe('PlainHeaders', () => {
  it('reads and writes names case-insensitively, as the SDK builds its request headers', () => {
    const h = new PlainHeaders({ Authorization: 'Bearer k', 'Content-Type': 'application/json', skipped: undefined });
    h.set('User-Agent', ['', 'ai-sdk/provider-utils/4'].filter(Boolean).join(' '));
    expect(h.get('authorization')).toBe('Bearer k');
    expect(h.has('CONTENT-TYPE')).toBe(true);
    expect(h.has('skipped')).toBe(false);
    expect(Object.fromEntries(h.entries())).toEqual({
      authorization: 'Bearer k',
      'content-type': 'application/json',
      'user-agent': 'ai-sdk/provider-utils/4',
    });
  });

  it('gives the same record as the global Headers for what the SDK does with it', () => {
    const init = { 'X-Api-Key': ' k ', Accept: 'application/json' };
    const plain = new PlainHeaders(init);
    const real = new Headers(init);
    plain.append('accept', 'text/plain');
    real.append('accept', 'text/plain');
    const sorted = (h: { forEach(fn: (value: string, name: string) => void): void }) => {
      const pairs: [string, string][] = [];
      h.forEach((value, name) => {
        pairs.push([name, value]);
      });
      return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
    };
    expect(sorted(plain)).toEqual(sorted(real));
    expect(sorted(plain)).toEqual({ accept: 'application/json, text/plain', 'x-api-key': 'k' });
  });

  it('copies pairs and other Headers, and counts a global Headers as an instance (the SDK checks instanceof)', () => {
    const real = new Headers({ 'retry-after': '3' });
    expect(real instanceof PlainHeaders).toBe(true);
    expect({ 'retry-after': '3' } instanceof PlainHeaders).toBe(false);
    expect(new PlainHeaders(real).get('Retry-After')).toBe('3');
    expect(new PlainHeaders([['A', '1']]).get('a')).toBe('1');
    const seen: string[] = [];
    new PlainHeaders({ b: '2', a: '1' }).forEach((value, name) => {
      seen.push(`${name}=${value}`);
    });
    expect(seen).toEqual(['b=2', 'a=1']);
  });
});
