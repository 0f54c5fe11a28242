import { analyzePairs, InputError, PairLine, pairsText } from '@gamut/core';
import { readLocatedRecords as readParsed } from '@gamut/node';
import { printJson, writeText } from './render.js';

export interface PairsCliOptions {
  verdicts: string;
  by?: string;
  json?: boolean;
}

export async function runPairs(o: PairsCliOptions): Promise<void> {
  if (o.by !== undefined && o.by !== 'group') {
    throw new InputError({ rule: 'usage', message: `--by takes "group", got "${o.by}"` });
  }
  const lines = await readParsed(o.verdicts, PairLine);
  const stats = analyzePairs(
    lines.map((l) => l.value),
    { byGroup: o.by === 'group' },
  );
  if (o.json) return printJson({ judges: stats });
  writeText(pairsText(stats, o.by === 'group'), '\n');
}
