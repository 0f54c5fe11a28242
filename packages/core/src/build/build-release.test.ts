import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../memory/memory-store.js';
import { BuildConfig, type BuildImage } from './build-inputs.js';
import { queueForReview } from './build-queues.js';
import { type BuildState, imageStates } from './build-state.js';
import { buildStatus, buildStatusText } from './build-status.js';
import type { QuestionDecision } from './question-decisions.js';
import type { FilterReply } from './question-filter.js';
import { withCandidateIds } from './question-rounds.js';
import { planRelease } from './release-plan.js';
import { checkReviewFile, parseReviewFile, reviewFileEvents } from './review-file.js';
import type { StepRecord } from './step-records.js';

const img = (id: string, entity: string): BuildImage => ({
  id,
  entity,
  domain: 'd',
  popularity: 'head',
  language: 'en',
  aliases: [],
});

function rec(key: string, subject: string, produced: unknown, status: 'ok' | 'failed' = 'ok'): [string, StepRecord] {
  const attempt = { reply: '{}', problems: [], input_tokens: 3, output_tokens: 2, cost_usd: 0.5, cached: false };
  const step = key.split('/')[0] as StepRecord['step'];
  const r: StepRecord = {
    key,
    step,
    subject,
    template: 't@1',
    model: 'm',
    status,
    attempts: [attempt],
    produced,
    at: 't',
  };
  return [key, status === 'failed' ? { ...r, produced: null, failure: 'no valid reply' } : r];
}

const accept = (candidate: string): QuestionDecision[] =>
  ['a', 'b'].map((author) => ({ candidate, author, role: 'annotator', decision: 'accept', reason: 'r', at: 't' }));

const pick: FilterReply = {
  judgements: [{ id: 'car.r1.c1', passes: true, failed: [], reason: 'ok' }],
  pick: 'car.r1.c1',
  pick_reason: 'specific',
  boilerplate: false,
  proposals: [],
};

const meta = {
  question_id: 'q-car',
  question: 'What kind of car is this and how does it perform?',
  language: 'en',
  image: '/photos/car.png',
  entity: 'Porsche 911',
  domain: 'd',
  popularity: 'head',
  snippets: [{ id: 'S1', url: 'local:a.md', title: 'a', text: 'It has a flat-six engine.' }],
  items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: 'a flat-six engine', snippets: ['S1'] }],
};
const snippet = {
  id: 'S1',
  document: 'D1',
  url: 'local:a.md',
  title: 'a',
  text: 'It has a flat-six engine.',
  start: 0,
  end: 25,
  content_hash: 'c'.repeat(64),
};

/**
 * Three images: `car` selected and drafted, `kiwi` waiting for its first candidates, `fig` whose
 * candidates step failed.
 */
function build(): BuildState {
  const config = BuildConfig.parse({ model: 'mock:x', search: 'local:.', annotators: ['a', 'b'] });
  const candidates = withCandidateIds('car', 1, 'generated', [{ question: meta.question, text_only_question: 'x' }]);
  const draft = { question: {}, search: {}, documents: [], meta, evidence: [snippet], rubric_hash: 'r' };
  return {
    manifest: {
      build_id: 'b1',
      toolkit_version: '0',
      created_at: 't',
      images_file: 'i',
      images_hash: 'h',
      templates: [{ name: 'candidates', version: 1, sha256: 's' }],
      config,
    },
    config,
    images: [img('car', 'Porsche 911'), img('kiwi', 'Kiwi fruit'), img('fig', 'Fig')],
    records: new Map([
      rec('candidates/car/r1', 'car', { candidates }),
      rec('filter/car/r1', 'car', { reply: pick, proposals: [] }),
      rec('rubric/q-car', 'q-car', draft),
      rec('candidates/fig/r1', 'fig', null, 'failed'),
    ]),
    decisions: new Map([['car.r1.c1', accept('car.r1.c1')]]),
    edits: [],
  };
}

const o = {
  previous: null,
  history: '',
  now: '2026-12-01T10:00:00Z',
  toolkitVersion: '9.9.9',
  sha256Hex: (s: string) => `h${s.length}`,
  fileName: (p: string) => p.slice(p.lastIndexOf('/') + 1),
};

describe('planRelease', () => {
  it('releases the drafted question with its image renamed, drops the others with why, and writes a first changelog', () => {
    const plan = planRelease(build(), o);
    expect(plan.images).toEqual([{ from: '/photos/car.png', to: 'images/car-car.png' }]);
    expect(plan.metas.map((m) => [m.question_id, m.image])).toEqual([['q-car', 'images/car-car.png']]);
    expect(plan.rubrics.map((r) => r.checks.length)).toEqual([1]);
    expect(plan.snippets).toEqual([{ question_id: 'q-car', ...snippet }]);
    expect(plan.dropped).toEqual([
      { subject: 'kiwi', stage: 'questions', reason: 'not settled yet (generate)' },
      { subject: 'fig', stage: 'questions', reason: 'no valid reply' },
    ]);
    expect(plan.overlay).toEqual([]);
    expect(plan.changelogMd).toBe('# Changelog\n\n## v1 (2026-12-01)\n\n- first release: 1 question(s)\n');
    expect(plan.manifest).toMatchObject({
      version: 1,
      build_id: 'b1',
      toolkit_version: '9.9.9',
      previous_version: null,
    });
    expect(plan.summary).toEqual({
      version: 1,
      questions: 1,
      checks: 1,
      dropped: plan.dropped,
      stale_edits: 0,
      changelog: ['first release: 1 question(s)'],
    });
    expect(plan.agreement).toEqual([{ round: 1, candidates: 1, paired: 1, agreement: 1, kappa: null, adjudicated: 0 }]);
  });

  it('numbers the next version after the previous one, keeps the history and lists what changed', () => {
    const first = planRelease(build(), o);
    const released = first.manifest.questions as Array<{ question_id: string }>;
    const previous = { version: 1, questions: [...(released as never[]), { question_id: 'q-old' } as never] };
    const plan = planRelease(build(), { ...o, previous, history: first.changelogMd });
    expect(plan.summary.version).toBe(2);
    expect(plan.summary.changelog).toEqual(['removed q-old']);
    expect(plan.changelogMd).toBe(`${first.changelogMd}\n## v2 (2026-12-01)\n\n- removed q-old\n`);
    expect(plan.manifest.previous_version).toBe(1);
  });
});

describe('buildStatus and its text', () => {
  it('counts what waits for the model and who, and prints the tables and the calls', () => {
    const b = build();
    b.records.delete('rubric/q-car');
    const status = buildStatus(b, imageStates(b));
    expect(status.waiting).toEqual([
      { step: 'candidates', who: 'model', items: 1, action: 'gamut build questions' },
      { step: 'rubric', who: 'model', items: 1, action: 'gamut build rubrics' },
    ]);
    expect(status.images.map((i) => [i.id, i.state, i.question ?? i.detail])).toEqual([
      ['car', 'selected', meta.question],
      ['kiwi', 'generate', 'waits for the model (candidates/kiwi/r1)'],
      ['fig', 'failed', 'candidates/fig/r1: no valid reply'],
    ]);
    const text = buildStatusText(status);
    expect(text[0]).toBe('build b1');
    expect(text[1]).toMatchObject({ head: ['image', 'entity', 'round', 'state', 'question / detail'], right: [2] });
    expect(text[3]).toMatchObject({
      rows: [
        ['candidates', 'model', '1', 'gamut build questions'],
        ['rubric', 'model', '1', 'gamut build rubrics'],
      ],
    });
    // Three calls of 3 + 2 tokens at $0.50.
    expect(text.at(-1)).toBe('model calls: 3 (15 tokens, $1.5000)');
  });
});

describe('review files', () => {
  it('checks decisions against the candidates and edits against drafted rubrics, all problems by line', () => {
    const b = build();
    const file = parseReviewFile([
      {
        file: 'f.jsonl',
        value: { candidate: 'car.r1.c9', author: 'a', role: 'annotator', decision: 'accept', reason: 'r', at: 't' },
        line: 2,
      },
      {
        file: 'f.jsonl',
        value: { question_id: 'q-kiwi', op: 'delete', check: 'c1', reason: 'no', author: 'r', at: 't' },
        line: 1,
      },
    ]);
    expect(() => checkReviewFile(b, imageStates(b), file, { file: 'f.jsonl', dir: 'bd' })).toThrow(
      expect.objectContaining({
        issues: [
          expect.objectContaining({ rule: 'unknown-question', line: 1, file: 'f.jsonl' }),
          expect.objectContaining({
            rule: 'unknown-candidate',
            line: 2,
            message: expect.stringContaining('gamut build status bd'),
          }),
        ],
      }),
    );
  });

  it('makes events on the latest queue of their kind, numbered after the events it has, each with its line', async () => {
    const b = build();
    b.records.delete('filter/car/r1');
    b.decisions = new Map([['car.r1.c1', accept('car.r1.c1').slice(0, 1)]]);
    const store = createMemoryStore();
    const [queue] = await queueForReview(store, b, imageStates(b), 'now');
    expect(queue).toMatchObject({ id: 'questions-1', kind: 'question_review', items: [{ id: 'car.r1.c1' }] });
    // Nothing new is under review: no second queue.
    expect(await queueForReview(store, b, imageStates(b), 'now')).toEqual([]);
    const file = parseReviewFile([
      {
        file: 'f.jsonl',
        value: { candidate: 'car.r1.c1', author: 'b', role: 'annotator', decision: 'accept', reason: 'r', at: 't' },
        line: 4,
      },
    ]);
    const stored = { ownerId: 'b1', label: 'build b1', queues: await store.listReviewQueues('b1'), events: [] };
    expect(reviewFileEvents(file, stored, 'f.jsonl')).toEqual([
      {
        value: expect.objectContaining({
          id: 'questions-1-1',
          queue_id: 'questions-1',
          item_id: 'car.r1.c1',
          who: 'b',
        }),
        line: 4,
      },
    ]);
    const edits = parseReviewFile([
      {
        file: 'f.jsonl',
        value: { question_id: 'q-car', op: 'delete', check: 'c1', reason: 'no', author: 'r', at: 't' },
      },
    ]);
    expect(() => reviewFileEvents(edits, stored, 'f.jsonl')).toThrow(
      /build b1 has no rubric revision queue for f\.jsonl/,
    );
  });
});
