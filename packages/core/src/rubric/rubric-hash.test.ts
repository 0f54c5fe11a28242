import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson, hashCanonical, MetaRubric, sha256Hex } from '../schema/index.js';
import { rubricHash } from './rubric-hash.js';
import { canonicalWriterFor } from './schema-canonical.js';

const metaRubricJson = canonicalWriterFor(MetaRubric);

/** Meta-rubric-like values: mostly the schema's fields, sometimes a stray key, a wrong type or an undefined member. */
const text = fc.oneof(fc.string(), fc.constantFrom('slow', '한국어 텍스트', 'a "quoted" \\ line\n', '\ud800'));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const stray = fc.option(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }), { nil: undefined, freq: 4 });
const withStray = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, stray).map(([v, extra]) => (extra ? { ...extra, ...v } : v));
const refs = maybe(fc.array(text, { maxLength: 3 }));
const entry = withStray(fc.record({ text, snippets: refs, required: maybe(fc.boolean()), tier: maybe(text) }));
const item = withStray(
  fc.record({
    id: text,
    type: fc.constantFrom('fact', 'strict_list', 'flexible_list', 'process', 'relationship', 'meta_insight'),
    tier: fc.constantFrom('answer_critical', 'valuable', 'context'),
    text,
    snippets: refs,
    members: maybe(fc.array(entry, { maxLength: 4 })),
    steps: maybe(fc.array(entry, { maxLength: 4 })),
    aspects: maybe(fc.array(entry, { maxLength: 3 })),
    insights: maybe(fc.array(entry, { maxLength: 2 })),
    baseline: maybe(fc.array(fc.oneof(fc.integer(), fc.double()), { maxLength: 2 })),
    coverage: maybe(fc.array(fc.integer(), { maxLength: 2 })),
    entity: maybe(fc.oneof(text, fc.jsonValue())),
  }),
);
const metaLike = withStray(
  fc.record({
    question_id: text,
    question: fc.oneof(text, fc.jsonValue()),
    language: fc.constantFrom('en', 'ko'),
    entity: maybe(text),
    domain: maybe(text),
    snippets: fc.array(withStray(fc.record({ id: text, url: maybe(text), text })), { maxLength: 3 }),
    items: fc.oneof(fc.array(item, { maxLength: 5 }), fc.jsonValue()),
  }),
);

describe('canonicalWriterFor(MetaRubric)', () => {
  it('writes exactly canonicalJson for meta-rubric-like values, stray keys and wrong types included', () => {
    fc.assert(
      fc.property(metaLike, (v) => {
        expect(metaRubricJson(v)).toBe(canonicalJson(v));
      }),
      { numRuns: 400 },
    );
  });

  it('writes exactly canonicalJson for any value at all', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(metaRubricJson(v)).toBe(canonicalJson(v));
      }),
      { numRuns: 300 },
    );
  });

  it('follows the schema it is given, unions and defaults included', () => {
    const write = canonicalWriterFor(
      z.object({
        z: z.number().default(1),
        a: z.discriminatedUnion('t', [
          z.object({ t: z.literal('x'), y: z.string() }),
          z.object({ t: z.literal('w'), b: z.array(z.string()) }),
        ]),
      }),
    );
    expect(write({ z: 2, a: { t: 'w', b: ['q'] } })).toBe('{"a":{"b":["q"],"t":"w"},"z":2}');
    expect(write({ z: 2, a: { y: 'é', t: 'x', extra: 1 } })).toBe('{"a":{"extra":1,"t":"x","y":"é"},"z":2}');
    expect(write({ z: undefined, a: null })).toBe('{"a":null}');
  });
});

describe('rubricHash', () => {
  const meta = MetaRubric.parse({
    question_id: 'q',
    question: '?',
    items: [{ id: 'I1', type: 'process', tier: 'valuable', text: 't', steps: [{ text: 's' }] }],
  });

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
    expect(calls).toEqual([
      '{"items":[{"id":"I1","steps":[{"required":true,"text":"s"}],"text":"t","tier":"valuable","type":"process"}],"language":"en","question":"?","question_id":"q","snippets":[]}',
    ]);
    expect(h).toBe(hashCanonical(meta));
  });
});
