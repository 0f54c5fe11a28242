import { type GoldenSet, goldenSetHash, InputError } from '@gamut/core';
import { type GoldenCheckOptions, parseGoldenSet } from '@gamut/wiki';
import { readRecords } from '../files/read-records.js';

export interface LoadedGoldenSet {
  readonly golden: GoldenSet;
  /** The object as written in the file (to rewrite it without adding defaults). */
  readonly raw: Record<string, unknown>;
  readonly hash: string;
  readonly file: string;
}

export async function loadGoldenSet(
  path: string,
  opts: Omit<GoldenCheckOptions, 'file'> = {},
): Promise<LoadedGoldenSet> {
  const records = await readRecords(path);
  if (
    records.length !== 1 ||
    typeof records[0]?.value !== 'object' ||
    records[0]?.value === null ||
    Array.isArray(records[0]?.value)
  ) {
    throw new InputError({ rule: 'golden-shape', message: `${path} must hold one golden-set JSON object`, file: path });
  }
  const raw = records[0].value as Record<string, unknown>;
  const golden = parseGoldenSet(raw, { ...opts, file: path });
  return { golden, raw, hash: goldenSetHash(golden), file: path };
}
