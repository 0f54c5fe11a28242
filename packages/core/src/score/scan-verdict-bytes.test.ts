import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyScannedVerdict,
  SCANNED_SETTINGS,
  type ScannedVerdict,
  VerdictLineScanner,
} from './scan-verdict-bytes.js';
import { isPlainVerdict, VERDICT_CODE } from './verdict-record.js';

const encoder = new TextEncoder();

/**
 * What the general path makes of a line: the file's bytes decoded (a lone
 * surrogate in a generated string is already U+FFFD in UTF-8), JSON.parse,
 * then `isPlainVerdict`, as scoring fields.
 */
function reference(line: string): ScannedVerdict | undefined {
  let v: unknown;
  try {
    v = JSON.parse(new TextDecoder().decode(encoder.encode(line)));
  } catch {
    return undefined;
  }
  if (!isPlainVerdict(v)) return undefined;
  return {
    question_id: v.question_id,
    model: v.model,
    setting: SCANNED_SETTINGS.indexOf(v.setting) as ScannedVerdict['setting'],
    check_id: v.check_id,
    code: VERDICT_CODE[v.verdict],
    judge: v.judge,
    sample: v.sample ?? 0,
  };
}

function scan(scanner: VerdictLineScanner, line: string): ScannedVerdict | undefined {
  const out = emptyScannedVerdict();
  const bytes = encoder.encode(`xx${line}\n`);
  // Read in place inside a larger block, as `addBytes` does.
  return scanner.scan(bytes, 2, bytes.length - 1, out) ? out : undefined;
}

const text = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('q1', 'model-a', 'I1.fact', 'openai:gpt', '질문-1', 'a"b', 'a\\b', 'tab\there'),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);
const anyValue = fc.oneof(
  { weight: 6, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'meets', 'missing', 'text_only', 'multimodal', 'text', 'partially_meets'),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -3, max: 20 }), fc.double(), fc.constant(1e21)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
);
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
const record = fc.record(
  {
    question_id: field(fc.constantFrom('q1', 'q-0001', '질문')),
    model: field(fc.constantFrom('model-a', 'm')),
    setting: field(fc.constantFrom('multimodal', 'text_only', 'text')),
    check_id: field(fc.constantFrom('I1.fact', 'I2.m1')),
    verdict: field(fc.constantFrom('meets', 'partially_meets', 'missing', 'contradicts')),
    rationale: field(text),
    quote: field(text),
    judge: field(fc.constantFrom('openai:gpt', 'j')),
    sample: field(fc.integer({ min: 0, max: 3 })),
    extra: field(anyValue),
  },
  { requiredKeys: [] },
);

/** A record written as JSON, sometimes spaced, reordered, duplicated or damaged. */
const line = fc
  .tuple(
    record,
    fc.constantFrom('compact', 'spaced', 'crlf-ish'),
    fc.option(fc.tuple(fc.nat(), fc.constantFrom('', ',', '}', '"', '\\', ' ', '\u0001', '\u00e9', 'null', '01')), {
      freq: 3,
    }),
  )
  .map(([r, style, damage]) => {
    let s = JSON.stringify(r);
    if (style === 'spaced') s = JSON.stringify(r, null, 1).replaceAll('\n', ' ');
    if (style === 'crlf-ish') s = ` \t${s.replaceAll(',"', ' ,\r "')}\t `;
    if (damage) {
      const [at, insert] = damage;
      const i = at % (s.length + 1);
      s = s.slice(0, i) + insert + s.slice(i + (insert === '' ? 1 : 0));
    }
    return s;
  });

describe('VerdictLineScanner', () => {
  it('reads a line only as JSON.parse and isPlainVerdict would, else leaves it to them', () => {
    const scanner = new VerdictLineScanner();
    fc.assert(
      fc.property(line, (l) => {
        const got = scan(scanner, l);
        if (got !== undefined) expect(got).toEqual(reference(l));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the usual lines itself (the fast path is taken)', () => {
    const scanner = new VerdictLineScanner();
    fc.assert(
      fc.property(
        fc.record({
          question_id: fc.constantFrom('q1', '질문 1'),
          model: fc.constantFrom('model-a', 'm'),
          setting: fc.constantFrom('multimodal', 'text_only', 'text'),
          check_id: fc.constantFrom('I1.fact', 'I2.m1'),
          verdict: fc.constantFrom('meets', 'partially_meets', 'missing', 'contradicts'),
          rationale: fc.string({ unit: 'binary', maxLength: 30 }),
          judge: fc.constantFrom('openai:gpt', 'j'),
          sample: fc.integer({ min: 0, max: 5 }),
        }),
        (r) => {
          const l = JSON.stringify(r);
          expect(scan(scanner, l)).toEqual(reference(l));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves escapes in ids, odd numbers and syntax errors to the general path', () => {
    const scanner = new VerdictLineScanner();
    const base = '"model":"m","check_id":"I1.fact","verdict":"meets","judge":"j"';
    expect(scan(scanner, `{"question_id":"q1",${base}}`)).toMatchObject({ question_id: 'q1', setting: 3, code: 1 });
    expect(scan(scanner, `{"question_id":"q\\u0031",${base}}`)).toBeUndefined();
    expect(scan(scanner, `{"question_id":"q1",${base},"sample":1.0}`)).toBeUndefined();
    expect(scan(scanner, `{"question_id":"q1",${base},"sample":-1}`)).toBeUndefined();
    expect(scan(scanner, `{"question_id":"q1",${base},}`)).toBeUndefined();
    expect(scan(scanner, `{"question_id":"q1",${base}} x`)).toBeUndefined();
    expect(scan(scanner, `{"question_id":"",${base}}`)).toBeUndefined();
    // Free text may hold escapes; the last of two values wins, as in JSON.parse.
    expect(
      scan(scanner, `{"question_id":"q1",${base},"rationale":"said \\"so\\"\\n\\u00e9","sample":2,"sample":3}`),
    ).toMatchObject({ sample: 3 });
    expect(scan(scanner, `{"question_id":"q1",${base},"rationale":"bad \\x escape"}`)).toBeUndefined();
  });
});
