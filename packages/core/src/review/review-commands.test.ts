import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../memory/memory-store.js';
import type { ReportInput } from '../report/build-report.js';
import { CompiledRubric } from '../schema/compiled-rubric.js';
import { createFlagQueue, createLabelQueue } from './new-queues.js';
import { recordDecision, recordUndo } from './record-event.js';
import { labelQueue } from './review-fixtures.test-helpers.js';
import { addPerson, appendEventRecords, pickQueue, type ReviewOwner } from './review-owner.js';

const EMPTY: ReportInput = { manifest: null, metaRubrics: [], rubrics: [], answers: [], verdicts: [] };

function owner(run: ReportInput = EMPTY, kind: 'run' | 'build' = 'run'): ReviewOwner {
  return { dir: 'runs/r', ownerId: 'run-1', kind, label: `${kind} run-1`, run, store: createMemoryStore() };
}

const NOW = '2026-12-01T10:00:00.000Z';
const label = (value: string) => ({ round: 1, reason: '', kind: 'label' as const, value });

describe('people and their decisions', () => {
  it('adds a person once, records a label and says what is next, undoes it, and refuses a token it does not know', async () => {
    const r = owner();
    await r.store.appendReviewQueue(labelQueue(2));
    await addPerson(r, { name: 'ann', role: 'annotator', token: 'tok-ann', now: NOW });
    const [ann] = await r.store.listAnnotators('run-1');
    expect(ann).toMatchObject({ name: 'ann', role: 'annotator', created_at: NOW });
    expect(ann?.token_hash).not.toContain('tok-ann');
    await expect(addPerson(r, { name: 'ann', role: 'reviewer', token: 'x', now: NOW }, '--name')).rejects.toThrow(
      'run run-1 already has an annotator "ann"; choose another --name (a lost token cannot be shown again)',
    );
    await expect(addPerson(r, { name: 'ann', role: 'reviewer', token: 'y', now: NOW })).rejects.toThrow(
      'already has an annotator "ann"; choose another name (a lost',
    );

    const said = { did: 'labelled', what: 'meets' };
    const line = await recordDecision(r, { token: 'tok-ann', item: 'i1' }, said, label('meets'), {
      id: 'e1',
      now: NOW,
    });
    expect(line).toBe('ann labelled q/i1 meets; next: i2\n');
    const last = await recordDecision(
      r,
      { token: 'tok-ann', item: 'i2' },
      { ...said, what: 'missing' },
      label('missing'),
      {
        id: 'e2',
        now: NOW,
      },
    );
    expect(last).toBe('ann labelled q/i2 missing; nothing left for you in this queue\n');
    expect((await r.store.listReviewEvents('run-1')).map((e) => [e.id, e.item_id, e.who, e.queue_id])).toEqual([
      ['e1', 'i1', 'ann', 'q'],
      ['e2', 'i2', 'ann', 'q'],
    ]);

    expect(await recordUndo(r, { token: 'tok-ann' }, { id: 'e3', now: NOW })).toBe('ann undid label on q/i2\n');
    expect((await r.store.listReviewEvents('run-1')).at(-1)).toMatchObject({ id: 'e3', kind: 'undo', undoes: 'e2' });
    await expect(
      recordDecision(r, { token: 'nope', item: 'i1' }, said, label('meets'), { id: 'e4', now: NOW }),
    ).rejects.toThrow('no annotator of run run-1 has this token');
  });

  it('imports events once: an event of another owner is refused by line, the same event again is skipped', async () => {
    const r = owner();
    await r.store.appendReviewQueue(labelQueue(2));
    await addPerson(r, { name: 'ann', role: 'annotator', token: 't', now: NOW });
    const event = {
      id: 'e1',
      owner_id: 'run-1',
      queue_id: 'q',
      item_id: 'i1',
      who: 'ann',
      role: 'annotator',
      at: NOW,
      kind: 'label',
      value: 'meets',
      round: 1,
      reason: '',
    };
    expect(await appendEventRecords(r, [{ value: event, line: 1 }], 'e.jsonl')).toEqual({ imported: 1, skipped: 0 });
    expect(await appendEventRecords(r, [{ value: event, line: 1 }], 'e.jsonl')).toEqual({ imported: 0, skipped: 1 });
    const other = { ...event, id: 'e2', owner_id: 'run-2' };
    await expect(appendEventRecords(r, [{ value: other, line: 3 }], 'e.jsonl')).rejects.toMatchObject({
      issues: [
        {
          file: 'e.jsonl',
          line: 3,
          rule: 'other-run',
          item: 'i1',
          message: 'event "e2" belongs to run-2, not to run run-1',
        },
      ],
    });
    expect(await r.store.listReviewEvents('run-1')).toHaveLength(1);
  });

  it('picks the one queue with the item, and says how to make a first queue for a run and for a build', () => {
    const a = labelQueue(2, { id: 'a' });
    const b = labelQueue(3, { id: 'b' });
    expect(pickQueue([a, b], owner(), undefined, 'i3').id).toBe('b');
    expect(() => pickQueue([a, b], owner(), undefined, 'i1')).toThrow(
      'several queues have item "i1": name one with --queue (a, b)',
    );
    expect(() => pickQueue([], owner())).toThrow(
      'run run-1 has no review queue yet; `gamut review queue runs/r --sample N` creates one',
    );
    expect(() => pickQueue([], owner(EMPTY, 'build'))).toThrow('`gamut build questions runs/r` queues its candidates');
    expect(() => pickQueue([a], owner(), 'z')).toThrow('run run-1 has no review queue "z"; queues: a');
  });
});

const rubric = CompiledRubric.parse({
  question_id: 'q1',
  rubric_hash: 'a'.repeat(64),
  checks: ['I1', 'I2', 'I3'].map((item) => ({
    id: `${item}.fact`,
    tier: 'answer_critical',
    text: `fact ${item}`,
    item,
    secondary: false,
    snippets: [],
    kind: 'fact',
  })),
});
const verdict = (check: string, judge: string, v: 'meets' | 'missing') => ({
  question_id: 'q1',
  model: 'm1',
  setting: 'text' as const,
  check_id: check,
  judge,
  verdict: v,
});

describe('createLabelQueue', () => {
  it('samples by check kind × verdict, stores the queue as labels-1, and prints the strata', async () => {
    const run = {
      ...EMPTY,
      rubrics: [rubric],
      verdicts: [
        verdict('I1.fact', 'j', 'meets'),
        verdict('I2.fact', 'j', 'meets'),
        verdict('I3.fact', 'j', 'missing'),
      ],
    } as unknown as ReportInput;
    const r = owner(run);
    const made = await createLabelQueue(r, { size: 2, seed: 0 }, NOW);
    expect(made.json).toMatchObject({ queue: 'labels-1', items: 2, judge: 'j', strategy: 'strata', seed: 0 });
    expect(made.text).toEqual([
      'Queue labels-1: 2 (answer, check) pairs of 3, judge j, seed 0, strata check kind × judge verdict',
      {
        head: ['Check kind', 'Judge verdict', 'Population', 'Sampled'],
        rows: [
          ['fact', 'meets', '2', '1'],
          ['fact', 'missing', '1', '1'],
        ],
        right: [2, 3],
      },
      'Next: gamut review add-annotator runs/r --name N --role annotator (two annotators and an adjudicator)',
    ]);
    const [queue] = await r.store.listReviewQueues('run-1');
    expect(queue).toMatchObject({
      id: 'labels-1',
      kind: 'verdict_label',
      per_item: 2,
      title: 'Verdict labels for j',
      created_at: NOW,
    });
    await expect(createLabelQueue(r, { size: 1, seed: 0, id: 'labels-1' }, NOW)).rejects.toThrow(
      'run run-1 already has a queue "labels-1"; pick another --id',
    );
    await expect(createLabelQueue(r, { size: 1, seed: 0, judge: 'k' }, NOW)).rejects.toThrow(
      'judge "k" has no verdicts in runs/r; judges: j',
    );
    await expect(createLabelQueue(r, { size: 1, seed: 0, disagreement: true }, NOW)).rejects.toThrow(
      '--disagreement needs verdicts of two or more judges; runs/r has only j',
    );
    await expect(createLabelQueue(owner(), { size: 1, seed: 0 }, NOW)).rejects.toThrow(
      'runs/r has no verdicts to sample',
    );
  });
});

describe('createFlagQueue', () => {
  it('needs a wiki-QA grading with flags', async () => {
    await expect(createFlagQueue(owner(), {}, NOW)).rejects.toThrow(
      'runs/r has no wiki-QA grading (rag/rag-score.json)',
    );
    const run = {
      ...EMPTY,
      rag: { report: { flags: [], golden: { name: 'g', version: '1' } } },
    } as unknown as ReportInput;
    await expect(createFlagQueue(owner(run), {}, NOW)).rejects.toThrow('the wiki-QA grading of runs/r raised no flags');
  });
});
