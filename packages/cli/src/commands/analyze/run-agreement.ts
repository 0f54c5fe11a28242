import { agreementText, analyzeAgreement, InputError, intOption, LabelLine, seededRandom } from '@gamut/core';
import { readLocatedRecords as readParsed } from '@gamut/node';
import { printJson, writeText } from './render.js';

export interface AgreementCliOptions {
  labels: string;
  reference?: string;
  by?: string;
  json?: boolean;
  seed?: string;
  resamples?: string;
}

export async function runAgreement(o: AgreementCliOptions): Promise<void> {
  if (o.by !== undefined && o.by !== 'group') {
    throw new InputError({ rule: 'usage', message: `--by takes "group", got "${o.by}"` });
  }
  const lines = await readParsed(o.labels, LabelLine);
  const report = analyzeAgreement(
    lines.map(({ value, line }) => ({ ...value, ...(line !== undefined && { line }) })),
    {
      ...(o.reference !== undefined && { reference: o.reference }),
      byGroup: o.by === 'group',
      random: seededRandom(intOption('--seed', o.seed, 0)),
      resamples: intOption('--resamples', o.resamples, 1000, 1),
      file: o.labels,
    },
  );
  if (o.json) return printJson(report);
  writeText(agreementText(report));
}
