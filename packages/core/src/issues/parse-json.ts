import type { Issue } from './issue.js';
import { type DuplicateKey, type JsonProblem, MAX_JSON_DEPTH, mayNestDeeperThan, scanJson } from './json-scan.js';
import { locationAt } from './source-location.js';

/** Where a path (as `formatPath` writes it) sits in the text; the nearest enclosing value when the path is absent. */
export type Locate = (path: string) => Pick<Issue, 'line' | 'column' | 'excerpt'>;

export type ParsedJson =
  | { value: unknown; warnings: Issue[]; locate?: Locate }
  | { issue: Issue; warnings: Issue[]; locate?: undefined };

export interface ParseJsonOptions {
  /** The file named in issues. */
  readonly file?: string;
  /** The line `text` starts on when it is one line (or a part) of a larger file. */
  readonly firstLine?: number;
  /** Report keys repeated within an object (as warnings); costs a scan of the text. */
  readonly duplicates?: boolean;
  /** Also return `locate`, to place issues found later (schema, rules) at their line and column. */
  readonly locate?: boolean;
  /** What `text` is, for the hint when it ends too soon: one line of JSONL, or a whole file (the default). */
  readonly part?: 'line' | 'file';
}

/**
 * One JSON value (a whole document or one JSONL line) with every problem at
 * its line and column. The native parser reads it; only when that fails, or
 * when the text could nest deeper than `MAX_JSON_DEPTH`, does the scanner
 * look, so good input costs a count of brackets more than `JSON.parse`.
 */
export function parseJsonValue(text: string, options: ParseJsonOptions = {}): ParsedJson {
  const firstLine = options.firstLine ?? 1;
  const scanned =
    options.duplicates || options.locate || mayNestDeeperThan(text, MAX_JSON_DEPTH)
      ? scanJson(text, { duplicates: options.duplicates === true, paths: options.locate === true })
      : undefined;
  const warnings = (scanned?.duplicates ?? []).map((d) => duplicateWarning(d, text, options.file, firstLine));
  if (scanned?.problem) return { issue: problemIssue(scanned.problem, text, options), warnings };
  try {
    const value = JSON.parse(text) as unknown;
    const paths = scanned?.paths;
    return paths ? { value, warnings, locate: locator(text, paths, firstLine) } : { value, warnings };
  } catch (e) {
    const problem = (scanned ?? scanJson(text)).problem;
    if (problem) return { issue: problemIssue(problem, text, options), warnings };
    // The scanner and V8 disagree: V8's word is final, at the start of the text.
    const issue: Issue = {
      rule: 'json-syntax',
      message: `invalid JSON: ${(e as Error).message}`,
      ...(options.file !== undefined && { file: options.file }),
      line: firstLine,
    };
    return { issue, warnings };
  }
}

function problemIssue(problem: JsonProblem, text: string, options: ParseJsonOptions): Issue {
  const { file, firstLine = 1 } = options;
  // A truncated text fails at its very end, perhaps after line breaks: point just past its last character.
  const end = text.trimEnd().length;
  const offset = Math.min(problem.offset, end);
  const tooDeep = problem.kind === 'too-deep';
  const hint = problem.message.startsWith('unexpected end of input')
    ? ` (the ${options.part ?? 'file'} looks truncated)`
    : '';
  return {
    rule: tooDeep ? 'json-too-deep' : 'json-syntax',
    message: tooDeep ? problem.message : `invalid JSON: ${problem.message}${hint}`,
    ...(file !== undefined && { file }),
    ...locationAt(text, offset, firstLine),
  };
}

function duplicateWarning(d: DuplicateKey, text: string, file: string | undefined, firstLine: number): Issue {
  const first = locationAt(text, d.firstOffset, firstLine);
  return {
    rule: 'duplicate-key',
    message: `key "${d.key}" appears twice in this object (first at ${first.line}:${first.column}); the last one wins`,
    ...(file !== undefined && { file }),
    ...(d.path && { path: d.path }),
    ...locationAt(text, d.offset, firstLine),
  };
}

function locator(text: string, paths: ReadonlyMap<string, number>, firstLine: number): Locate {
  return (path) => {
    let p = path;
    for (;;) {
      const offset = paths.get(p);
      if (offset !== undefined) return locationAt(text, offset, firstLine);
      if (p === '') return locationAt(text, 0, firstLine);
      p = p.replace(/(?:\.[^.[\]]+|\[\d+\]|^[^.[\]]+)$/, '');
    }
  };
}
