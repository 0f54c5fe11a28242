import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Public datasets with human labels and published numbers are not shipped in
 * this repository (their licences ask that they be read in place). The
 * `npm run test:external` suite reads them from `GAMUT_EXTERNAL_DATA`, or from
 * `../shared/external` beside the checkout, and says what is missing.
 */
export function externalDataDir(): string {
  const repo = fileURLToPath(new URL('../../', import.meta.url));
  const dir = resolve(process.env.GAMUT_EXTERNAL_DATA ?? join(repo, '..', 'shared', 'external'));
  if (!existsSync(dir)) {
    throw new Error(
      `external datasets not found at ${dir}: set GAMUT_EXTERNAL_DATA to the folder holding ` +
        'ragchecker-meta-eval/, llmbar/, klue-nli-ko/ and enterprise-rag-bench/ (these tests run only with ' +
        '`npm run test:external`; `npm test` needs none of them)',
    );
  }
  return dir;
}

/** The path of one file of the external datasets; throws naming it when absent. */
export function externalFile(relativePath: string): string {
  const file = join(externalDataDir(), relativePath);
  if (!existsSync(file)) throw new Error(`external dataset file missing: ${file}`);
  return file;
}

/**
 * A file of the shared benchmark tools (`../shared/bench` beside the checkout, or
 * `GAMUT_SHARED_BENCH`), e.g. the fault-injecting server; throws naming it when absent.
 */
export function sharedBenchFile(name: string): string {
  const repo = fileURLToPath(new URL('../../', import.meta.url));
  const file = join(resolve(process.env.GAMUT_SHARED_BENCH ?? join(repo, '..', 'shared', 'bench')), name);
  if (!existsSync(file)) {
    throw new Error(
      `shared benchmark tool not found: ${file}: set GAMUT_SHARED_BENCH to the folder holding it ` +
        '(these tests run only with `npm run test:external`)',
    );
  }
  return file;
}
