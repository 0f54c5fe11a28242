import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { writeFileAtomic } from '@gamut/node';
import { assetDirs } from '../../io/package-assets.js';

/**
 * The starter project (fixtures/starter, shipped in dist/assets/starter): a meta-rubric with an
 * item of every type (English) and a shorter Korean one, answers of two made-up models, a run
 * config that judges them offline, and a README. Plain text questions, graded in the `text` setting.
 */
const STARTER = ['meta-rubrics.jsonl', 'answers.jsonl', 'run.yaml', 'README.md'];

function starterDir(): string {
  const dirs = assetDirs('fixtures/starter', 'starter');
  const dir = dirs.find((d) => STARTER.every((name) => existsSync(join(d, name))));
  if (!dir) {
    throw new InputError({
      rule: 'starter-missing',
      message: `the starter files (${STARTER.join(', ')}) are in none of ${dirs.join(', ')}; in a checkout run \`npm run build\`, else reinstall gamut`,
    });
  }
  return dir;
}

/** Writes the starter files into `dir`; refuses, writing nothing, when any of them exists. */
export async function writeStarter(dir: string): Promise<void> {
  const taken = STARTER.map((name) => join(dir, name)).filter((p) => existsSync(p));
  if (taken.length > 0) {
    throw new InputError(
      taken.map((file) => ({
        rule: 'file-exists',
        file,
        message: `${file} already exists; gamut init never overwrites: choose an empty folder (gamut init my-eval)`,
      })),
    );
  }
  const from = starterDir();
  for (const name of STARTER) await writeFileAtomic(join(dir, name), readFileSync(join(from, name), 'utf8'));
  const rel = relative(process.cwd(), dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? resolve(dir) : rel;
  const cd = shown === '.' ? '' : `cd ${shown} && `;
  process.stdout.write(`wrote ${STARTER.join(', ')} to ${shown}\nnext: ${cd}gamut run run.yaml\n`);
}
