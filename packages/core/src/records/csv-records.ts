import { CsvError, parse } from 'csv-parse/sync';
import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { locationAt } from '../issues/source-location.js';
import type { SourceRecord } from './source-record.js';

/**
 * A CSV file as records: a header row with the field names a JSONL line
 * would have, then one row per record. UTF-8, with or without the BOM Excel
 * writes; comma, semicolon or tab separated (told from the header row).
 * Values stay text (`csv: true`) until a schema types them (`recordFromCells`).
 */
export function parseCsvRecords(text: string, file: string): SourceRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(body);
  let rows: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    rows = parse(body, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof rows;
  } catch (e) {
    if (e instanceof CsvError) throw new InputError(csvSyntaxIssue(e, body, delimiter, file));
    throw e;
  }
  const [header, ...data] = rows;
  if (header === undefined) throw new InputError({ rule: 'empty-file', message: `${file} is empty`, file });
  const columns = header.record.map((c) => c.trim());
  checkHeader(columns, body, file);

  // Each row starts after the bytes of the rows before it (csv-parse counts UTF-8 bytes).
  const starts = new LineFinder(body);
  const out: SourceRecord[] = [];
  const problems: Issue[] = [];
  let end = header.info.bytes;
  for (const { record, info } of data) {
    const line = starts.lineAfterByte(end);
    end = info.bytes;
    if (record.length !== columns.length) {
      problems.push({
        rule: 'csv-syntax',
        message: `this row has ${record.length} cell${record.length === 1 ? '' : 's'}, the header ${columns.length}`,
        file,
        line,
      });
      continue;
    }
    const cells: Record<string, string> = {};
    columns.forEach((c, i) => {
      cells[c] = record[i] ?? '';
    });
    out.push({ value: cells, file, line, csv: true });
  }
  if (problems.length) throw new InputError(problems);
  return out;
}

function delimiterOf(body: string): string {
  const nl = body.indexOf('\n');
  const first = nl === -1 ? body : body.slice(0, nl);
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

function checkHeader(columns: readonly string[], body: string, file: string): void {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  columns.forEach((c, i) => {
    if (c === '')
      issues.push({ rule: 'csv-header', message: `column ${i + 1} of the header row has no name`, file, line: 1 });
    else if (seen.has(c))
      issues.push({ rule: 'csv-header', message: `column "${c}" appears twice in the header row`, file, line: 1 });
    seen.add(c);
  });
  if (columns.length === 1 && body.length > 0 && !/^[a-z_][\w.]*$/i.test(columns[0] ?? '')) {
    issues.push({
      rule: 'csv-header',
      message: 'the first row should name the fields (question_id, model, …), separated by commas',
      file,
      line: 1,
    });
  }
  if (issues.length) throw new InputError(issues);
}

/** Byte offsets (as csv-parse reports them) to line numbers, moving forward only. */
class LineFinder {
  private readonly bytes: Buffer;
  private at = 0;
  private line = 1;
  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  /** The line of the first byte at or after `offset` that is not a line break. */
  lineAfterByte(offset: number): number {
    let start = offset;
    while (start < this.bytes.length && (this.bytes[start] === 0x0a || this.bytes[start] === 0x0d)) start++;
    for (; this.at < start; this.at++) if (this.bytes[this.at] === 0x0a) this.line++;
    return this.line;
  }
}

/** A csv-parse error at its line and column: the opening quote that never closes, or the character after a closing quote. */
function csvSyntaxIssue(e: CsvError, body: string, delimiter: string, file: string): Issue {
  const info = e as CsvError & { lines?: number };
  let offset: number | undefined;
  let message = e.message.replace(/ at line \d+/, '');
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
    offset = unclosedQuote(body, delimiter);
    message = 'a quoted cell is never closed (no ending ")';
  } else if (e.code === 'CSV_INVALID_CLOSING_QUOTE') {
    const lineStart = offsetOfLine(body, info.lines ?? 1);
    const got = /got "(.)"/.exec(e.message)?.[1];
    const bad = got === undefined ? -1 : body.indexOf(`"${got}`, lineStart);
    if (bad !== -1) offset = bad + 1;
    message = `a character after a closing quote: inside a quoted cell write " as ""`;
  }
  if (offset !== undefined) return { rule: 'csv-syntax', message, file, ...locationAt(body, offset) };
  return { rule: 'csv-syntax', message, file, ...(info.lines !== undefined && { line: info.lines }) };
}

/** Where the quote that opens the never-closed cell is: quotes followed from the start, as a CSV reader does. */
function unclosedQuote(body: string, delimiter: string): number {
  let open = -1;
  let cellStart = true;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (open !== -1) {
      if (ch === '"') {
        if (body[i + 1] === '"') i++;
        else {
          open = -1;
          cellStart = false;
        }
      }
      continue;
    }
    if (ch === '"' && cellStart) open = i;
    cellStart = ch === delimiter || ch === '\n' || ch === '\r';
  }
  return open === -1 ? body.length : open;
}

function offsetOfLine(body: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = body.indexOf('\n', at);
    if (nl === -1) return body.length;
    at = nl + 1;
  }
  return at;
}
