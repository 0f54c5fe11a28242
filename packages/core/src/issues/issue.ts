/**
 * One problem found in user input. Validation collects every issue rather than
 * stopping at the first, so the CLI can list them all with their locations.
 */
export interface Issue {
  /** Stable machine-readable rule name, e.g. `duplicate-id`, `unknown-snippet`. */
  readonly rule: string;
  readonly message: string;
  readonly file?: string;
  /** 1-based line for JSONL files. */
  readonly line?: number;
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

/** `file:line  path  (question q, item I)  message [rule]`, one line per issue. */
export function formatIssue(issue: Issue): string {
  const where = [issue.file, issue.line !== undefined ? String(issue.line) : undefined].filter(Boolean).join(':');
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
