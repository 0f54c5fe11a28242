import type { Locate } from '../issues/parse-json.js';

/** One record read from a file, with the line it started on (1-based) when the file is JSONL or CSV. */
export interface SourceRecord {
  readonly value: unknown;
  readonly file: string;
  /** Present for JSONL lines and CSV rows; absent when the file held one JSON document. */
  readonly line?: number;
  /** Index within a JSON array document. */
  readonly index?: number;
  /** A CSV row: `value` holds its cells as text by column, typed by the schema that reads it (`recordValue`). */
  readonly csv?: true;
  /** Where a path inside the record is in its file; kept when asked for (`gamut validate`), as it costs a scan. */
  readonly locate?: Locate;
}
