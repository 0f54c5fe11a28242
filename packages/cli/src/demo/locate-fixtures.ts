import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '@gamut/core';
import { assetDirs } from '../io/package-assets.js';

export interface DemoFixtures {
  /** fixtures/gamut: meta-rubrics.jsonl, answers.jsonl, images/. */
  gamut: string;
  /** fixtures/wiki, when the bundled wiki data is there. */
  wiki: string | null;
}

/**
 * The bundled example data: `fixtures/` in a checkout of the repository, or the copy the build
 * ships inside the package (`dist/assets/demo/`, laid out as `fixtures/`) once installed.
 */
export function locateFixtures(): DemoFixtures {
  const roots = assetDirs('fixtures', 'demo');
  for (const root of roots) {
    const gamut = join(root, 'gamut');
    if (existsSync(join(gamut, 'meta-rubrics.jsonl'))) {
      const wiki = join(root, 'wiki');
      return { gamut, wiki: existsSync(wiki) ? wiki : null };
    }
  }
  throw new InputError({
    rule: 'demo-data-missing',
    message: `the bundled example data (gamut/meta-rubrics.jsonl) is in none of ${roots.join(', ')}; in a checkout run \`npm run build\`, else reinstall gamut`,
  });
}
