/**
 * One problem found in user input. Validation collects every issue rather than
 * stopping at the first, so the CLI can list them all with their locations.
 */
export interface Issue {
  /** Stable machine-readable rule name, e.g. `duplicate-id`, `unknown-snippet`. */
  readonly rule: string;
  readonly message: string;
  readonly file?: string;
  /** 1-based line in the file (the record's line in JSONL and CSV, the exact line of a syntax error). */
  readonly line?: number;
  /** 1-based column on `line`, in characters, when the problem is at one spot. */
  readonly column?: number;
  /** The source line around the problem, and the 0-based index in it that `column` names, for a caret under it. */
  readonly excerpt?: { readonly text: string; readonly caret: number };
  /** JSON path inside the object, e.g. `items[2].baseline[0]`. */
  readonly path?: string;
  readonly question?: string;
  readonly item?: string;
  readonly model?: string;
  readonly setting?: string;
  readonly check?: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** `file:line:column  path  (question q, item I)  message [rule]`, one line per issue. */
export function formatIssue(issue: Issue): string {
  const where = [
    issue.file,
    issue.line !== undefined ? String(issue.line) : undefined,
    issue.line !== undefined && issue.column !== undefined ? String(issue.column) : undefined,
  ]
    .filter(Boolean)
    .join(':');
  const ids = [
    issue.question && `question ${issue.question}`,
    issue.model && `model ${issue.model}`,
    issue.setting && `setting ${issue.setting}`,
    issue.item && `item ${issue.item}`,
    issue.check && `check ${issue.check}`,
  ].filter(Boolean);
  const parts = [where, issue.path, ids.length ? `(${ids.join(', ')})` : '', `${issue.message} [${issue.rule}]`];
  return parts.filter((p) => p).join('  ');
}
