import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editEvents as coreEditEvents, type QuestionDecision, type RubricEdit } from '@gamut/core';
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

/** The objects of a JSONL file. */
export const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

/** A scripted reviewer's decision, as the bundled files hold it; `decisionEvents` makes events of them. */
export type Decision = QuestionDecision;
export { decisionEvents } from '@gamut/core';

/** The scripted rubric edits as `edit` events on a first-pass rubric queue (`<question>.p1` items). */
export function editEvents(owner: string, queue: string, edits: RubricEdit[]) {
  const items = edits.map((e) => ({ id: `${e.question_id}.p1`, payload: { question_id: e.question_id } }));
  return coreEditEvents(owner, { id: queue, items }, edits);
}
