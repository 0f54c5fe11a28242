import { readFileSync } from 'node:fs';
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

/** The objects of a JSONL file. */
export const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

export interface Decision {
  candidate: string;
  author: string;
  role: 'annotator' | 'adjudicator';
  decision: string;
  text?: string;
  reason: string;
  at: string;
}

/** The scripted reviewers' decisions as review events of a build's question queue. */
export function decisionEvents(owner: string, queue: string, decisions: Decision[]) {
  return decisions.map((d, i) => ({
    id: `${queue}-${i + 1}`,
    owner_id: owner,
    queue_id: queue,
    item_id: d.candidate,
    who: d.author,
    role: d.role,
    at: d.at,
    reason: d.reason,
    ...(d.role === 'adjudicator'
      ? { kind: 'adjudicate', value: d.decision, round: 2 }
      : { kind: d.decision, round: 1 }),
    ...(d.text !== undefined && { change: { text: d.text } }),
  }));
}

/** The scripted reviewers' rubric edits as `edit` events on a rubric queue's items. */
export function editEvents(owner: string, queue: string, edits: Array<Record<string, string>>) {
  return edits.map(({ question_id, author, reason, at, ...change }, i) => ({
    id: `${queue}-${i + 1}`,
    owner_id: owner,
    queue_id: queue,
    item_id: `${question_id}.p1`,
    who: author,
    role: 'reviewer',
    at,
    reason,
    kind: 'edit',
    change,
  }));
}
