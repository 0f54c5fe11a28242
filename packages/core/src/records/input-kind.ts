import { InputError } from '../issues/errors.js';

/** How a file's text is read. */
export type InputKind = 'json' | 'yaml' | 'csv';

export const SUPPORTED_INPUTS = 'JSON (.json), JSONL (.jsonl), YAML (.yaml, .yml) and CSV (.csv, UTF-8)';

/** Formats people export to that Gamut does not read, by extension, with what to do instead. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  '.xlsx': 'an Excel workbook (.xlsx); in Excel choose File → Save As → CSV UTF-8',
  '.xlsm': 'an Excel workbook (.xlsm); in Excel choose File → Save As → CSV UTF-8',
  '.xls': 'an Excel 97-2003 workbook (.xls); in Excel choose File → Save As → CSV UTF-8',
  '.ods': 'an OpenDocument spreadsheet (.ods); save it as CSV (UTF-8)',
  '.numbers': 'a Numbers spreadsheet (.numbers); export it as CSV (UTF-8)',
  '.parquet': 'Parquet (.parquet); convert it to JSONL or CSV first',
  '.avro': 'Avro (.avro); convert it to JSONL or CSV first',
  '.arrow': 'Arrow (.arrow); convert it to JSONL or CSV first',
  '.feather': 'Feather (.feather); convert it to JSONL or CSV first',
  '.orc': 'ORC (.orc); convert it to JSONL or CSV first',
  '.pkl': 'a Python pickle (.pkl); convert it to JSONL or CSV first',
  '.pickle': 'a Python pickle (.pickle); convert it to JSONL or CSV first',
  '.h5': 'HDF5 (.h5); convert it to JSONL or CSV first',
  '.gz': 'gzip-compressed (.gz); decompress it first',
  '.zip': 'a zip archive (.zip); unpack it first',
};

/** Bytes that open binary formats, for files whose name does not say what they are. */
const MAGIC: ReadonlyArray<readonly [number[], string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive (an Excel .xlsx workbook is one); save it as CSV UTF-8 or unpack it'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an Excel 97-2003 workbook; in Excel choose File → Save As → CSV UTF-8'],
  [[0x50, 0x41, 0x52, 0x31], 'Parquet; convert it to JSONL or CSV first'],
  [[0x1f, 0x8b], 'gzip-compressed; decompress it first'],
];

/** What kind of text `file` holds, by its extension; an unsupported format is named, with the supported ones. */
export function inputKind(file: string): InputKind {
  const ext = extensionOf(file);
  const known = UNSUPPORTED[ext];
  if (known !== undefined) throw unsupported(file, known);
  if (ext === '.csv' || ext === '.tsv') return 'csv';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  return 'json';
}

/** Refuses bytes that are plainly a binary format or UTF-16 text, whatever the file is called. */
export function checkTextBytes(bytes: Uint8Array, file: string): void {
  for (const [magic, what] of MAGIC) {
    if (magic.every((b, i) => bytes[i] === b)) throw unsupported(file, what);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new InputError({
      rule: 'unsupported-encoding',
      message: `${file} is UTF-16 text; save it as UTF-8 (in Excel: CSV UTF-8)`,
      file,
    });
  }
}

function unsupported(file: string, what: string): InputError {
  return new InputError({
    rule: 'unsupported-format',
    message: `${file} is ${what}. Gamut reads ${SUPPORTED_INPUTS}`,
    file,
  });
}

/** The extension of the file's name, dot included and lower-cased, as `path.extname` reads it ('' for `.env`). */
function extensionOf(file: string): string {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
