import { LineCounter, parseDocument, visit, type YAMLError } from 'yaml';
import type { Issue } from '../issues/issue.js';
import { MAX_JSON_DEPTH } from '../issues/json-scan.js';
import { locationAt } from '../issues/source-location.js';
import type { ParsedText } from './json-records.js';

/**
 * A YAML file (a run config) as one record. Syntax errors are named at their
 * line and column; nesting is checked first, because the YAML parser recurses
 * (thousands of levels overflow its stack, tens of thousands exhaust memory).
 * A key repeated in a mapping is a warning, as in JSON: the last one wins.
 */
export function parseYamlText(body: string, file: string): ParsedText {
  const out: ParsedText = { records: [], issues: [], warnings: [] };
  const deep = tooDeepAt(body);
  if (deep !== undefined) {
    out.issues.push({
      rule: 'yaml-too-deep',
      message: `nested deeper than ${MAX_JSON_DEPTH} levels`,
      file,
      ...locationAt(body, deep),
    });
    return out;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(body, { lineCounter, uniqueKeys: false, prettyErrors: false });
  for (const e of doc.errors) out.issues.push(yamlIssue(e, body, file));
  if (out.issues.length) return out;
  visit(doc, {
    Map(_, map) {
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        const key = pair.key as { toString(): string; range?: [number, number, number] } | null;
        if (key === null || !key.range) continue;
        const name = String(key.toString());
        const first = seen.get(name);
        if (first === undefined) {
          seen.set(name, key.range[0]);
          continue;
        }
        const at = lineCounter.linePos(first);
        out.warnings.push({
          rule: 'duplicate-key',
          message: `key "${name}" appears twice in this mapping (first at ${at.line}:${at.col}); the last one wins`,
          file,
          ...locationAt(body, key.range[0]),
        });
      }
    },
  });
  out.records.push({ value: doc.toJS() as unknown, file });
  return out;
}

function yamlIssue(e: YAMLError, body: string, file: string): Issue {
  const message = `invalid YAML: ${(e.message.split('\n')[0] ?? e.message).replace(/ at line \d+, column \d+:?$/, '')}`;
  return { rule: 'yaml-syntax', message, file, ...locationAt(body, e.pos[0]) };
}

/**
 * Where nesting first exceeds the limit, if it does: flow brackets (outside
 * quotes and comments) plus the column a block line's content starts at, since
 * every block level indents by at least one column.
 */
function tooDeepAt(body: string): number | undefined {
  let depth = 0;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\n') {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart) {
      if (ch === ' ' || ch === '-' || ch === '?') {
        indent++;
        if (indent + depth > MAX_JSON_DEPTH) return i;
        continue;
      }
      lineStart = false;
    }
    if (ch === '#' && (i === 0 || /\s/.test(body[i - 1] ?? ''))) {
      const nl = body.indexOf('\n', i);
      i = (nl === -1 ? body.length : nl) - 1;
    } else if ((ch === '"' || ch === "'") && /[\s[{,:]/.test(body[i - 1] ?? ' ')) {
      i = quotedEnd(body, i);
    } else if (ch === '[' || ch === '{') {
      depth++;
      if (indent + depth > MAX_JSON_DEPTH) return i;
    } else if ((ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return undefined;
}

/** Index of the quote closing the quoted scalar opened at `i` (or the end). */
function quotedEnd(body: string, i: number): number {
  const q = body[i];
  for (let j = i + 1; j < body.length; j++) {
    if (q === '"' && body[j] === '\\') j++;
    else if (body[j] === q) {
      if (q === "'" && body[j + 1] === "'") j++;
      else return j;
    }
  }
  return body.length;
}
