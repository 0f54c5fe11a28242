import { GamutError } from '../issues/errors.js';
import type { RunRecord, StoredVerdict } from '../ports/store.js';
import type { Manifest } from '../schema/manifest.js';
import { Annotator, ReviewEvent, type ReviewEventInput } from '../schema/review.js';

/** Sample records for store tests, and assertions that need no test runner. */
const CONFORMANCE_MARKER: unique symbol = Symbol.for('gamut.error.ConformanceFailure');

export class ConformanceFailure extends GamutError {
  override readonly name = 'ConformanceFailure';
  readonly [CONFORMANCE_MARKER] = true;
  static override isInstance(e: unknown): e is ConformanceFailure {
    return GamutError.hasMarker(e, CONFORMANCE_MARKER);
  }
}

export function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new ConformanceFailure(message);
}

export function assertEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  assert(a === e, `${what}: expected ${e}, got ${a}`);
}

const manifest = (runId: string): Manifest => ({
  run_id: runId,
  toolkit_version: '0.0.0-test',
  dataset_hash: 'd'.repeat(64),
  rubric_hashes: { q1: 'a'.repeat(64) },
  models: ['m1'],
  settings: ['multimodal'],
  judges: [{ spec: 'offline', parameters: {} }],
  prompt_templates: {},
  lambda: 0.5,
  mu: -2,
  weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
  seed: 1,
  started_at: '2026-01-01T00:00:00.000Z',
  ended_at: null,
});

export const sampleRun = (runId = 'run-1'): RunRecord => ({
  runId,
  configHash: 'c'.repeat(64),
  configParts: { dataset: 'd'.repeat(64), judge: 'offline' },
  manifest: manifest(runId),
  status: 'running',
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
});

export const sampleVerdict = (over: Partial<StoredVerdict> = {}): StoredVerdict => ({
  runId: 'run-1',
  questionId: 'q1',
  model: 'm1',
  setting: 'multimodal',
  checkId: 'I1.fact',
  judge: 'offline',
  sample: 0,
  verdict: 'meets',
  rationale: '이유: 답이 맞다',
  quote: null,
  ...over,
});

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of it) out.push(v);
  return out;
}

/** An annotator of `owner`; `민지` is an adjudicator, anyone else an annotator. */
export const sampleAnnotator = (name: string, owner = 'run-1'): Annotator =>
  Annotator.parse({
    owner_id: owner,
    name,
    role: name === '민지' ? 'adjudicator' : 'annotator',
    token_hash: (name === '민지' ? 'b' : 'a').repeat(64),
    created_at: '2026-01-01T00:00:00.000Z',
  });

/** By default `ann`'s label `meets` on item i1 of queue q-a of run-1. */
export const sampleReviewEvent = (id: string, over: Partial<ReviewEventInput> = {}): ReviewEvent =>
  ReviewEvent.parse({
    id,
    owner_id: 'run-1',
    queue_id: 'q-a',
    item_id: 'i1',
    who: 'ann',
    role: 'annotator',
    at: '2026-01-01T00:02:00.000Z',
    kind: 'label',
    value: 'meets',
    ...over,
  } as ReviewEventInput);
