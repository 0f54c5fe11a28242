import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { STARTER_FILES } from './starter.js';

/** Writes the starter files into `dir`; refuses, writing nothing, when any of them exists. */
export async function writeStarter(dir: string): Promise<void> {
  const taken = STARTER_FILES.map(([name]) => join(dir, name)).filter((p) => existsSync(p));
  if (taken.length > 0) {
    throw new InputError(
      taken.map((file) => ({
        rule: 'file-exists',
        file,
        message: `${file} already exists; gamut init never overwrites: choose an empty folder (gamut init my-eval)`,
      })),
    );
  }
  for (const [name, content] of STARTER_FILES) await writeFileAtomic(join(dir, name), content);
  const rel = relative(process.cwd(), dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? resolve(dir) : rel;
  const cd = shown === '.' ? '' : `cd ${shown} && `;
  process.stdout.write(
    `wrote ${STARTER_FILES.map(([n]) => n).join(', ')} to ${shown}\nnext: ${cd}gamut run run.yaml\n`,
  );
}
