import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '@gamut/core';

export interface DemoFixtures {
  /** fixtures/gamut: meta-rubrics.jsonl, answers.jsonl, images/. */
  gamut: string;
  /** fixtures/wiki, when the bundled wiki data is there. */
  wiki: string | null;
}

/**
 * The bundled data sits at the repository root, four levels above this file
 * both in `src/demo/` and in `dist/demo/`. Walking up from here also finds it
 * when the package is laid out differently (installed from a tarball with
 * `fixtures/` beside `dist/`).
 */
export function locateFixtures(): DemoFixtures {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [fileURLToPath(new URL('../../../../fixtures/', import.meta.url))];
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) candidates.push(join(dir, 'fixtures'));
  for (const root of candidates) {
    const gamut = join(root, 'gamut');
    if (existsSync(join(gamut, 'meta-rubrics.jsonl'))) {
      const wiki = join(root, 'wiki');
      return { gamut, wiki: existsSync(wiki) ? wiki : null };
    }
  }
  throw new InputError({
    rule: 'demo-data-missing',
    message: `the bundled example data (fixtures/gamut/meta-rubrics.jsonl) was not found near ${here}; reinstall gamut`,
  });
}
