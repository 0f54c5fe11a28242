import { join } from 'node:path';
import { REPO_ROOT, runGamut } from '@gamut/testkit';

/** The bundled build data: images, documents, recorded replies, the scripted reviewers' work. */
export const BUILD_DATA = join(REPO_ROOT, 'fixtures/build');

/** `gamut build init` over a copy of the bundled build data (default: the bundled folder itself). */
export function initBundledBuild(dir: string, data = BUILD_DATA, extra: string[] = []) {
  return runGamut([
    'build',
    'init',
    dir,
    '--images',
    join(data, 'images.jsonl'),
    '--model',
    `mock:${join(data, 'replies.jsonl')}`,
    '--search',
    `local:${join(data, 'documents')}`,
    ...extra,
  ]);
}

/** The two annotators and the adjudicator the scripted reviews name. */
export const SCRIPTED_PEOPLE = ['--annotators', 'ann-a,ann-b', '--adjudicator', 'adj'];
