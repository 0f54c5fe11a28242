import type { Verdict } from '../schema/index.js';
import type { VerdictCode } from './report-model.js';

const TO_CODE: Record<Verdict, VerdictCode> = {
  meets: 'M',
  partially_meets: 'P',
  missing: 'S',
  contradicts: 'C',
};
const FROM_CODE: Record<string, Verdict | null> = { M: 'meets', P: 'partially_meets', S: 'missing', C: 'contradicts' };

export const verdictCode = (v: Verdict): VerdictCode => TO_CODE[v];

/** A check whose judge failed: a state of its own, not a verdict. */
export const FAILED_CODE = 'F' satisfies VerdictCode;

/** The verdict a code stands for; null for `-` (no line) and `F` (the judge failed). */
export const verdictOfCode = (code: string): Verdict | null => FROM_CODE[code] ?? null;
