import { describe, expect, it } from 'vitest';
import type { FetchedDocument, SearchProvider, SearchResult } from '../ports/search.js';
import { MockJudgeModel } from '../test/mock-judge-model.js';
import { BuildConfig, type BuildImage } from './build-inputs.js';
import type { BuildModel, BuildState, StepRun } from './build-state.js';
import { buildStatus, buildStatusText } from './build-status.js';
import type { ImageQuestions } from './question-rounds.js';
import { exactPassage } from './rubric-draft.js';
import { runQuestionSteps } from './run-questions.js';
import { latestRubric, refinePasses } from './run-refine.js';
import { gatherDocuments, runRubricSteps } from './run-rubrics.js';
import { createStepProgress } from './step-progress.js';
import type { StepRecord } from './step-records.js';

const image: BuildImage = {
  id: 'fly',
  entity: 'Venus flytrap',
  domain: 'plants',
  popularity: 'torso',
  language: 'en',
  aliases: [],
};

function state(over: Partial<BuildConfig> = {}): BuildState {
  return {
    manifest: {
      build_id: 'b1',
      toolkit_version: '0',
      created_at: '2026-12-01T00:00:00Z',
      images_file: 'images.jsonl',
      images_hash: 'h',
      templates: [],
      config: BuildConfig.parse({ model: 'mock:x', search: 'local:.' }),
    },
    config: BuildConfig.parse({
      model: 'mock:x',
      search: 'local:.',
      candidates_per_image: 2,
      max_attempts: 2,
      ...over,
    }),
    images: [image],
    records: new Map(),
    decisions: new Map(),
    edits: [],
  };
}

/** A step run that keeps appended records and progress lines; the clock gives 0, 1000, 3000, … ms. */
function stepRun(build: BuildState) {
  const appended: StepRecord[] = [];
  const lines: string[] = [];
  const times = [0, 1000, 3000, 4000, 6000];
  let t = 0;
  const run: StepRun = {
    build,
    append: async (r) => {
      appended.push(r);
    },
    progress: createStepProgress(
      (l) => lines.push(l),
      () => times[t++] ?? 9000,
    ),
    now: () => '2026-12-01T10:00:00.000Z',
  };
  return { run, appended, lines };
}

const modelOf = (mock: MockJudgeModel, costUsd: number | null = 0.0125): BuildModel => ({
  model: mock,
  spec: 'mock:scripted',
  account: () => ({ cached: false, costUsd }),
});

describe('runQuestionSteps', () => {
  it('sends a reply that names the subject back, keeps the second, and stops where people review', async () => {
    const build = state();
    const { run, appended, lines } = stepRun(build);
    const mock = new MockJudgeModel({
      replies: [
        JSON.stringify({ candidates: [{ question: 'What is a Venus flytrap?', text_only_question: 'What is it?' }] }),
        JSON.stringify({
          candidates: [
            { question: 'What plant is this?', text_only_question: 'What is a Venus flytrap?' },
            { question: 'How does this plant catch prey?', text_only_question: 'How does a flytrap catch prey?' },
          ],
        }),
      ],
    });
    const states = await runQuestionSteps(run, modelOf(mock));
    expect(mock.calls).toHaveLength(2);
    expect(appended.map((r) => [r.key, r.step, r.status, r.attempts.length])).toEqual([
      ['candidates/fly/r1', 'candidates', 'ok', 2],
    ]);
    const [record] = appended;
    expect(record?.attempts[0]?.problems).toEqual([
      'candidates[0].question names the subject ("venus flytrap"); refer to it through the image',
    ]);
    expect(record?.produced).toEqual({
      candidates: [
        { question: 'What plant is this?', text_only_question: 'What is a Venus flytrap?', id: 'fly.r1.c1' },
        {
          question: 'How does this plant catch prey?',
          text_only_question: 'How does a flytrap catch prey?',
          id: 'fly.r1.c2',
        },
      ],
    });
    expect(build.records.get('candidates/fly/r1')).toBe(record);
    expect(states[0]?.next.kind).toBe('review');
    // Two replies of 10 + 5 tokens at $0.0125 each; planned at 1000 ms, done at 3000 ms, nothing left.
    expect(lines).toEqual(['[1/1] candidates/fly/r1: ok (2 replies, 30 tokens, $0.0250; total $0.0250, ETA 0s)\n']);
  });

  it('records a step with no valid reply as failed, with every reply, and the image as failed', async () => {
    const build = state();
    const { run, appended, lines } = stepRun(build);
    const states = await runQuestionSteps(run, modelOf(new MockJudgeModel({ reply: () => 'no json' }), null));
    expect(appended).toHaveLength(1);
    expect(appended[0]?.status).toBe('failed');
    expect(appended[0]?.produced).toBeNull();
    expect(appended[0]?.attempts.map((a) => a.reply)).toEqual(['no json', 'no json']);
    expect(states[0]?.next).toMatchObject({ kind: 'failed', key: 'candidates/fly/r1' });
    expect(lines[0]).toMatch(
      /^\[1\/1\] candidates\/fly\/r1: FAILED: no valid reply in 2 attempt\(s\): .* \(2 replies, 30 tokens, unpriced; total \$0\.0000, ETA 0s\)\n$/,
    );
    const status = buildStatus(build, states);
    expect(status.images).toEqual([
      {
        id: 'fly',
        entity: 'Venus flytrap',
        round: 1,
        state: 'failed',
        question: null,
        detail: `candidates/fly/r1: ${appended[0]?.failure}`,
      },
    ]);
    expect(status.calls).toEqual({ calls: 2, inputTokens: 20, outputTokens: 10, costUsd: 0, unpricedCalls: 2 });
    expect(buildStatusText(status).at(-1)).toBe('model calls: 2 (30 tokens, $0.0000, 2 unpriced)');
    expect(buildStatusText(status)[3]).toBe('nothing waits for anyone');
  });
});

const TEXT = 'Intro. A trap closes when a trigger hair is touched twice. Enzymes digest the prey.';

/** A search port over two documents; every query finds both, best first. */
function search(queries: string[]): SearchProvider {
  const docs: Record<string, string> = { 'local:a.md': TEXT, 'local:b.md': 'Flytraps grow in the Carolinas.' };
  return {
    specificationVersion: 'search-v1',
    provider: 'local',
    spec: 'local:.',
    async search(query, options) {
      queries.push(`${query} (limit ${options?.limit})`);
      return Object.keys(docs).map(
        (url, i): SearchResult => ({ url, title: url, excerpt: '', rank: i + 1, score: 1 / (i + 1) }),
      );
    },
    async fetch(url): Promise<FetchedDocument> {
      const text = docs[url];
      if (text === undefined) throw new Error(`gone: ${url}`);
      const content_hash = (url === 'local:a.md' ? 'a' : 'b').repeat(64);
      return { url, final_url: url, title: url, content_type: 'text/plain', text, content_hash, fetched_at: '' };
    },
  };
}

function selected(): ImageQuestions {
  const candidate = {
    id: 'fly.r1.c1',
    imageId: 'fly',
    round: 1,
    origin: 'generated' as const,
    question: 'What plant is this and how does it catch prey?',
    textOnlyQuestion: null,
    parent: null,
  };
  return {
    image,
    round: 1,
    candidates: [candidate],
    outcomes: new Map(),
    rejections: [],
    next: { kind: 'selected', candidate, reason: 'specific', boilerplate: false },
  };
}

describe('gatherDocuments', () => {
  it('numbers new documents after the known ones and skips a URL already known', async () => {
    const known = [{ id: 'D1', url: 'local:a.md', title: 'a', text: TEXT, content_hash: 'a'.repeat(64) }];
    const got = await gatherDocuments(search([]), 'flytrap', 5, known);
    expect(got.documents.map((d) => [d.id, d.url])).toEqual([
      ['D1', 'local:a.md'],
      ['D2', 'local:b.md'],
    ]);
    expect(got.results).toEqual([
      { url: 'local:a.md', rank: 1, score: 1 },
      { url: 'local:b.md', rank: 2, score: 0.5 },
    ]);
  });
});

describe('runRubricSteps, then refinePasses and latestRubric', () => {
  it('searches for the entity and question, grounds the reply in D1, compiles it, and skips a question done', async () => {
    const build = state();
    const { run, appended } = stepRun(build);
    const queries: string[] = [];
    const reply = {
      snippets: [{ id: 'S1', document: 'D1', text: 'A trap closes when a trigger hair is touched twice.' }],
      items: [
        { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'the trap closes on two touches', snippets: ['S1'] },
      ],
    };
    const tools = {
      model: modelOf(new MockJudgeModel({ replies: [JSON.stringify(reply)] })),
      search: search(queries),
      locate: exactPassage,
      audit: async () => ({ status: 'intact' as const, same_document: true }),
      sha256Hex: (s: string) => `h${s.length}`,
    };
    const done = await runRubricSteps(run, [selected()], tools);
    expect(queries).toEqual(['Venus flytrap What plant is this and how does it catch prey? (limit 5)']);
    expect(done.map((r) => [r.key, r.step, r.subject, r.status])).toEqual([['rubric/q-fly', 'rubric', 'q-fly', 'ok']]);
    const produced = done[0]?.produced as Record<string, unknown>;
    expect(produced.documents).toEqual([
      { id: 'D1', url: 'local:a.md', title: 'local:a.md', content_hash: 'a'.repeat(64) },
      { id: 'D2', url: 'local:b.md', title: 'local:b.md', content_hash: 'b'.repeat(64) },
    ]);
    expect(produced.evidence).toEqual([
      {
        id: 'S1',
        document: 'D1',
        url: 'local:a.md',
        title: 'local:a.md',
        text: 'A trap closes when a trigger hair is touched twice.',
        start: 7,
        end: 58,
        content_hash: 'a'.repeat(64),
      },
    ]);
    expect(produced.rubric_hash).toMatch(/^h\d+$/);
    expect(appended).toEqual(done);

    // Drafted: a first refinement is due over the draft; the draft is the latest rubric.
    expect(refinePasses(build).map((p) => p.pass)).toEqual([1]);
    expect(latestRubric(build, 'q-fly')).toBe(produced);
    // Done already: nothing more is asked.
    expect(await runRubricSteps(stepRun(build).run, [selected()], tools)).toEqual([]);
    expect(queries).toHaveLength(1);

    // A first refinement, then an edit by people: the second pass is due over the first refinement.
    const refined = { ...produced, rubric_hash: 'r1' };
    build.records.set('refine/q-fly/p1', {
      ...(done[0] as StepRecord),
      key: 'refine/q-fly/p1',
      step: 'refine',
      produced: refined,
    });
    expect(refinePasses(build)).toEqual([]);
    expect(latestRubric(build, 'q-fly')).toBe(refined);
    build.edits.push({ question_id: 'q-fly' } as BuildState['edits'][number]);
    expect(refinePasses(build)).toEqual([{ pass: 2, base: refined }]);
  });
});
