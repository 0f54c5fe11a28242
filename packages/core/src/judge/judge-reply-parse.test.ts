import { describe, expect, it } from 'vitest';
import { parseBatchedJudgeReply, parseJudgeReply } from './judge-reply-parse.js';

describe('parseJudgeReply', () => {
  it('accepts a clean structured reply without marking it repaired', () => {
    const r = parseJudgeReply('{"verdict":"meets","rationale":"says beef","quote":"beef"}');
    expect(r).toEqual({
      ok: true,
      value: { verdict: 'meets', rationale: 'says beef', quote: 'beef' },
      repaired: false,
    });
  });

  it.each([
    ['code fence', '```json\n{"verdict": "missing", "rationale": "r", "quote": null}\n```'],
    [
      'prose around the object',
      'Here is my grade: {"verdict": "missing", "rationale": "r", "quote": null} Hope that helps.',
    ],
    ['single quotes and Python None', "{'verdict': 'missing', 'rationale': 'r', 'quote': None}"],
    ['trailing comma', '{"verdict": "missing", "rationale": "r", "quote": null,}'],
    ['capitalised keys', '{"Verdict": "missing", "Rationale": "r", "Quote": null}'],
  ])('repairs %s', (_name, raw) => {
    const r = parseJudgeReply(raw);
    expect(r).toEqual({ ok: true, value: { verdict: 'missing', rationale: 'r', quote: null }, repaired: true });
  });

  it.each([
    ['Partially meets', 'partially_meets'],
    ['  MEETS ', 'meets'],
    ['partially-meets', 'partially_meets'],
    ['Contradicts', 'contradicts'],
  ])('normalises verdict %j to %s', (given, expected) => {
    const r = parseJudgeReply(JSON.stringify({ verdict: given, rationale: 'r', quote: 'q' }));
    expect(r.ok && r.value.verdict).toBe(expected);
  });

  it('keeps a single quote inside a double-quoted string', () => {
    const r = parseJudgeReply(`{'verdict': 'meets', 'rationale': "it's there", 'quote': "Julia Child's"}`);
    expect(r.ok && r.value).toEqual({ verdict: 'meets', rationale: "it's there", quote: "Julia Child's" });
  });

  it('turns an empty quote into null', () => {
    const r = parseJudgeReply('{"verdict":"missing","rationale":"r","quote":""}');
    expect(r.ok && r.value.quote).toBeNull();
  });

  it('rejects a verdict off the menu, naming it and the menu', () => {
    const r = parseJudgeReply('{"verdict":"pass","rationale":"r","quote":null}');
    expect(r).toEqual({
      ok: false,
      error: '`verdict` "pass" is not on the menu; it must be one of: meets, partially_meets, missing, contradicts',
    });
  });

  it('never guesses a verdict from prose', () => {
    expect(parseJudgeReply('The answer meets the check.')).toEqual({
      ok: false,
      error: 'the reply is not a JSON object',
    });
    expect(parseJudgeReply('{"verdict": "meets", "rationale": "trunc')).toEqual({
      ok: false,
      error: 'the reply is not a JSON object',
    });
  });

  it('rejects a reply without a verdict', () => {
    const r = parseJudgeReply('{"rationale":"r","quote":null}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('verdict');
  });
});

describe('parseBatchedJudgeReply', () => {
  it('parses and normalises every entry', () => {
    const r = parseBatchedJudgeReply(
      '```\n{"verdicts":[{"check_id":"I1.fact","verdict":"Meets","rationale":"a","quote":"x"},{"check_id":"I2.m1","verdict":"missing","rationale":"b","quote":null}]}\n```',
    );
    expect(r).toEqual({
      ok: true,
      repaired: true,
      value: {
        verdicts: [
          { check_id: 'I1.fact', verdict: 'meets', rationale: 'a', quote: 'x' },
          { check_id: 'I2.m1', verdict: 'missing', rationale: 'b', quote: null },
        ],
      },
    });
  });

  it('names the entry whose verdict is off the menu', () => {
    const r = parseBatchedJudgeReply(
      '{"verdicts":[{"check_id":"a","verdict":"meets","rationale":"","quote":null},{"check_id":"b","verdict":"yes","rationale":"","quote":null}]}',
    );
    expect(!r.ok && r.error).toBe(
      '`verdicts.1.verdict` "yes" is not on the menu; it must be one of: meets, partially_meets, missing, contradicts',
    );
  });
});

describe('thinking is not the answer', () => {
  const draft = '{"verdict":"meets","rationale":"draft","quote":null}';
  const final = '{"verdict":"missing","rationale":"final","quote":null}';

  it.each([
    ['a <think> block before the answer', `<think>\nFirst try: ${draft}\nNo, it is not there.\n</think>\n\n${final}`],
    ['a <thinking> block', `<thinking>${draft}</thinking>${final}`],
    ['several blocks', `<think>${draft}</think> <think>again ${draft}</think>\n${final}`],
    ['a block opened by the chat template (only the closing tag)', `Hmm: ${draft} is wrong.\n</think>\n${final}`],
    ['a fenced answer after thinking', `<think>${draft}</think>\n\`\`\`json\n${final}\n\`\`\``],
  ])('takes the answer after %s, not the draft inside it', (_, raw) => {
    const r = parseJudgeReply(raw);
    expect(r.ok && r.value).toEqual({ verdict: 'missing', rationale: 'final', quote: null });
  });

  it('a reply cut off while thinking has no verdict, whatever the draft says', () => {
    const r = parseJudgeReply(`<think>Draft: ${draft} but let me check the year`);
    expect(r).toEqual({ ok: false, error: 'the reply is not a JSON object' });
  });

  it('batched replies too', () => {
    const r = parseBatchedJudgeReply(
      `<think>{"verdicts":[{"check_id":"I1.fact","verdict":"meets","rationale":"d","quote":null}]}</think>` +
        '{"verdicts":[{"check_id":"I1.fact","verdict":"contradicts","rationale":"f","quote":null}]}',
    );
    expect(r.ok && r.value.verdicts.map((v) => v.verdict)).toEqual(['contradicts']);
  });
});
