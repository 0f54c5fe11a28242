import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashCanonical, quoteJson } from './canonical.js';

/** The definition, written the obvious way: the fast `canonicalJson` must agree with it on everything. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : reference(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [2, undefined] } })).toBe('{"a":{"c":[2,null]},"b":1}');
  });

  it('agrees with the plain definition on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 500 },
    );
  });

  // Sparse arrays are left out: the definition's map/join wrote a hole as nothing ("[,1]"); holes are null here, as in JSON.
  it('agrees on any value at all, strings with escapes and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true }), (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(quoteJson(s)).toBe(JSON.stringify(s));
      }),
    );
  });

  it('agrees on the cases a native serializer orders or drops differently', () => {
    const cases: unknown[] = [
      { b: 1, 10: 'x', 2: 'y', a: [undefined, { d: undefined, c: 1 }] },
      { when: new Date(0), n: Number.NaN, m: -0, inf: Number.POSITIVE_INFINITY },
      { f: () => 1, z: 'é', Z: '한국어', '': null, 'a"b': '\u0000\ud800' },
      undefined,
      'text',
      [],
    ];
    for (const v of cases) expect(canonicalJson(v)).toBe(reference(v));
    expect(canonicalJson(cases[0])).toBe('{"10":"x","2":"y","a":[null,{"c":1}],"b":1}');
  });

  it('hashes the canonical form, so key order does not change the hash', () => {
    expect(hashCanonical({ a: 1, b: 2 })).toBe(hashCanonical({ b: 2, a: 1 }));
    // SHA-256 of the empty object's canonical form "{}".
    expect(hashCanonical({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
