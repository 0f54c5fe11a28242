import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashCanonical, type MetaRubric, sha256Hex } from '../schema/index.js';
import { canonicalJsonOfPlain, rubricHash } from './rubric-hash.js';

describe('canonicalJsonOfPlain', () => {
  it('writes exactly what canonicalJson writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJsonOfPlain(v)).toBe(canonicalJson(v));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees on the cases a native serializer orders or drops differently', () => {
    const cases: unknown[] = [
      { b: 1, 10: 'x', 2: 'y', a: [undefined, { d: undefined, c: 1 }] },
      { when: new Date(0), n: Number.NaN, m: -0, inf: Number.POSITIVE_INFINITY },
      { f: () => 1, z: 'é', Z: '한국어', '': null },
      undefined,
      'text',
      [],
    ];
    for (const v of cases) expect(canonicalJsonOfPlain(v)).toBe(canonicalJson(v));
  });
});

describe('rubricHash', () => {
  const meta = { question_id: 'q', question: '?', language: 'en', snippets: [], items: [] } as unknown as MetaRubric;

  it('is hashCanonical of the meta-rubric', () => {
    expect(rubricHash(meta)).toBe(hashCanonical(meta));
  });

  it('uses an injected SHA-256 implementation when given one', () => {
    const calls: string[] = [];
    const h = rubricHash(meta, {
      sha256Hex: (t) => {
        calls.push(t);
        return sha256Hex(t);
      },
    });
    expect(calls).toEqual([canonicalJson(meta)]);
    expect(h).toBe(hashCanonical(meta));
  });
});
