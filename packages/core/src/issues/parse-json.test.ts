import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, scanJson } from './json-scan.js';
import { parseJsonValue } from './parse-json.js';

const issueOf = (text: string, options: Parameters<typeof parseJsonValue>[1] = {}) => {
  const got = parseJsonValue(text, options);
  if (!('issue' in got)) throw new Error('expected an issue');
  return got.issue;
};

describe('parseJsonValue: problems at their line and column', () => {
  it('a trailing comma on line 20 of a 48-line document is at 20:5, not at the end', () => {
    const lines = ['{', '  "values": ['];
    for (let i = 1; i <= 18; i++) lines.push(`  ${i},`);
    lines.push('  ],');
    while (lines.length < 46) lines.push(`  "k${lines.length + 1}": true,`);
    lines.push('  "end": 0', '}');
    const text = `${lines.join('\n')}\n`;
    expect(lines).toHaveLength(48);
    expect(lines[19]).toBe('  18,');
    // JSON.parse names no position for this one at all.
    expect(() => JSON.parse(text)).toThrow(/is not valid JSON/);
    expect(issueOf(text, { file: 'm.json' })).toEqual({
      rule: 'json-syntax',
      message: "invalid JSON: trailing comma before ']': JSON does not allow one",
      file: 'm.json',
      line: 20,
      column: 5,
      excerpt: { text: '  18,', caret: 4 },
    });
  });

  it('names what was expected, in words', () => {
    expect(issueOf('{"a" 1}').message).toBe("invalid JSON: expected ':' after the property name, found '1'");
    expect(issueOf("{'a': 1}").message).toBe(
      "invalid JSON: expected a property name in double quotes, found ''' (JSON needs double quotes)",
    );
    expect(issueOf('{"a": 1 // note\n}')).toMatchObject({
      message: "invalid JSON: expected ',' or '}' after a property value, found '/'",
      line: 1,
      column: 9,
    });
    expect(issueOf('[1, /* x */ 2]').message).toBe('invalid JSON: JSON does not allow comments');
    expect(issueOf('{"a": "x\ny"}')).toMatchObject({
      message: 'invalid JSON: a line break inside a string: write it escaped (\\n, \\t, \\u00XX)',
      line: 1,
      column: 9,
    });
    expect(issueOf('{"a": "\\q"}').message).toBe('invalid JSON: bad escape \\q in a string');
    expect(issueOf('{"a": NaN}').message).toBe('invalid JSON: expected a value, found NaN');
    expect(issueOf('{"a": 1}{"b": 2}').message).toBe("invalid JSON: unexpected '{' after the end of the JSON value");
  });

  it('a truncated text is named at the end of its last line, as truncated', () => {
    const issue = issueOf('{\n  "question_id": "q",\n  "items": [\n    { "text": "daube" }\n\n', { file: 'b.json' });
    expect(issue).toMatchObject({
      line: 4,
      column: 24,
      message: 'invalid JSON: unexpected end of input with 2 brackets still open (the file looks truncated)',
    });
    expect(issueOf('{"a": [1', { part: 'line', firstLine: 7 })).toMatchObject({
      line: 7,
      column: 9,
      message: 'invalid JSON: unexpected end of input with 2 brackets still open (the line looks truncated)',
    });
  });

  it('5,000 levels of nesting are a problem at the bracket past the limit, found without recursion', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(issueOf(deep, { file: 'deep.json' })).toMatchObject({
      rule: 'json-too-deep',
      message: `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
      file: 'deep.json',
      line: 1,
      column: MAX_JSON_DEPTH + 1,
    });
    const objects = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    expect(issueOf(objects)).toMatchObject({ rule: 'json-too-deep', column: 5 * MAX_JSON_DEPTH + 1 });
    // At the limit is fine.
    const ok = parseJsonValue(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
    expect('value' in ok).toBe(true);
  });

  it('warns about a key repeated in one object, at both places', () => {
    const got = parseJsonValue('{"items": [{"id": "I1",\n "text": "a", "text": "b"}]}', {
      duplicates: true,
      file: 'f',
    });
    expect('value' in got && got.value).toEqual({ items: [{ id: 'I1', text: 'b' }] });
    expect(got.warnings).toEqual([
      {
        rule: 'duplicate-key',
        message: 'key "text" appears twice in this object (first at 2:2); the last one wins',
        file: 'f',
        path: 'items[0]',
        line: 2,
        column: 15,
        excerpt: { text: ' "text": "a", "text": "b"}]}', caret: 14 },
      },
    ]);
    // The same key in two objects is no repeat; an escaped key equals its plain spelling.
    expect(parseJsonValue('[{"a":1},{"a":2}]', { duplicates: true }).warnings).toEqual([]);
    expect(parseJsonValue('{"a":1,"\\u0061":2}', { duplicates: true }).warnings).toHaveLength(1);
  });

  it('locates a path, or the nearest enclosing value when the path is absent', () => {
    const got = parseJsonValue('{\n  "items": [\n    {"id": "I1", "baseline": [9]}\n  ]\n}', { locate: true });
    if (!('value' in got) || !got.locate) throw new Error('expected a locator');
    expect(got.locate('items[0].baseline[0]')).toMatchObject({ line: 3, column: 31 });
    expect(got.locate('items[0].baseline')).toMatchObject({ line: 3, column: 18 });
    expect(got.locate('items[0].members')).toMatchObject({ line: 3, column: 5 });
    expect(got.locate('question')).toMatchObject({ line: 1, column: 1 });
  });

  it('the scanner agrees with JSON.parse on what is valid', () => {
    const valid = ['0', '-1.5e+3', '"\\u00e9\\n"', '[]', '{}', ' [ {"a" : [true, false, null]} ] ', '"한국어"'];
    for (const t of valid) expect(scanJson(t).problem).toBeUndefined();
    const invalid = ['01', '[1,]', '{"a":1,}', '[', '"x', '{"a"}', 'tru', '1 2', '+1', '.5', '[1 2]'];
    for (const t of invalid) {
      expect(() => JSON.parse(t)).toThrow();
      expect(scanJson(t).problem, t).toBeDefined();
    }
  });
});
