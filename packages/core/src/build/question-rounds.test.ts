import { describe, expect, it } from 'vitest';
import type { BuildImage } from './build-inputs.js';
import type { QuestionDecision } from './question-decisions.js';
import type { FilterReply } from './question-filter.js';
import { questionRounds, withCandidateIds } from './question-rounds.js';
import type { StepRecord } from './step-records.js';

const image: BuildImage = {
  id: 'car',
  entity: 'Porsche 911',
  domain: 'vehicles',
  popularity: 'head',
  language: 'en',
  aliases: [],
};

function rec(key: string, produced: unknown): [string, StepRecord] {
  const step = key.split('/')[0] as StepRecord['step'];
  const attempt = { reply: '{}', problems: [], input_tokens: 1, output_tokens: 1, cost_usd: null, cached: false };
  return [
    key,
    {
      key,
      step,
      subject: 'car',
      template: 't@x',
      model: 'mock',
      status: 'ok',
      attempts: [attempt],
      produced,
      at: 'now',
    },
  ];
}

const gen = (round: number, ...questions: string[]) =>
  rec(`candidates/car/r${round}`, {
    candidates: withCandidateIds(
      'car',
      round,
      'generated',
      questions.map((q) => ({ question: q, text_only_question: q })),
    ),
  });

const filter = (round: number, reply: FilterReply) =>
  rec(`filter/car/r${round}`, { reply, proposals: withCandidateIds('car', round + 1, 'proposed', reply.proposals) });

function both(candidate: string, decision: 'accept' | 'discard', reason = 'r'): QuestionDecision[] {
  return ['a', 'b'].map((author) => ({
    candidate,
    author,
    role: 'annotator',
    decision,
    reason: `${author}: ${reason}`,
    at: 't',
  }));
}

function run(records: Array<[string, StepRecord]>, decisions: QuestionDecision[], maxRounds = 3) {
  const byCandidate = new Map<string, QuestionDecision[]>();
  for (const d of decisions) byCandidate.set(d.candidate, [...(byCandidate.get(d.candidate) ?? []), d]);
  return questionRounds({ image, records: new Map(records), decisions: byCandidate, maxRounds });
}

describe('questionRounds', () => {
  it('starts by asking for round-1 candidates, then waits for both annotators', () => {
    expect(run([], []).next).toEqual({ kind: 'generate', key: 'candidates/car/r1', round: 1, discarded: [] });
    const waiting = run([gen(1, 'What car is this?')], both('car.r1.c1', 'accept').slice(0, 1)).next;
    expect(waiting).toMatchObject({
      kind: 'review',
      round: 1,
      waiting: [{ candidate: 'car.r1.c1', outcome: { have: ['a'], need: 1 } }],
    });
  });

  it('when every candidate is discarded, asks for new ones in the next round, told what was discarded and why', () => {
    const s = run(
      [gen(1, 'Is it red?', 'Is it fast?')],
      [...both('car.r1.c1', 'discard', 'trivial'), ...both('car.r1.c2', 'discard', 'yes/no')],
    );
    expect(s.next).toEqual({
      kind: 'generate',
      key: 'candidates/car/r2',
      round: 2,
      discarded: [
        { question: 'Is it red?', reasons: ['a: trivial', 'b: trivial'] },
        { question: 'Is it fast?', reasons: ['a: yes/no', 'b: yes/no'] },
      ],
    });
  });

  it('sends human-accepted questions to the filter, except one naming the entity, which the rule rejects with its reason', () => {
    const s = run(
      [gen(1, 'What car is this and how does it perform?', 'Why is the Porsche 911 rear-engined?')],
      [...both('car.r1.c1', 'accept'), ...both('car.r1.c2', 'accept')],
    );
    expect(s.next).toMatchObject({ kind: 'filter', key: 'filter/car/r1', candidates: [{ id: 'car.r1.c1' }] });
    expect(s.rejections).toEqual([
      {
        candidate: 'car.r1.c2',
        by: 'rule',
        failed: ['names_entity'],
        reason: 'names the subject ("porsche 911") instead of referring to it through the image',
      },
    ]);
  });

  it("selects the filter's pick and keeps its stranger-test rejection with the reason", () => {
    const reply: FilterReply = {
      judgements: [
        { id: 'car.r1.c1', passes: true, failed: [], reason: 'ok' },
        { id: 'car.r1.c2', passes: false, failed: ['stranger_test'], reason: 'presumes the engine history is known' },
      ],
      pick: 'car.r1.c1',
      pick_reason: 'concise and specific',
      boilerplate: false,
      proposals: [],
    };
    const s = run(
      [
        gen(
          1,
          'What kind of car is this and how does it perform?',
          "How does this engine's turbo improve on the last one?",
        ),
        filter(1, reply),
      ],
      [...both('car.r1.c1', 'accept'), ...both('car.r1.c2', 'accept')],
    );
    expect(s.next).toMatchObject({
      kind: 'selected',
      candidate: { id: 'car.r1.c1' },
      reason: 'concise and specific',
      boilerplate: false,
    });
    expect(s.rejections).toEqual([
      {
        candidate: 'car.r1.c2',
        by: 'filter',
        failed: ['stranger_test'],
        reason: 'presumes the engine history is known',
      },
    ]);
  });

  it("a boilerplate pick seeds the filter's proposals into the next review round; it is kept only if rounds run out", () => {
    const reply: FilterReply = {
      judgements: [{ id: 'car.r1.c1', passes: true, failed: [], reason: 'ok' }],
      pick: 'car.r1.c1',
      pick_reason: 'only one',
      boilerplate: true,
      proposals: [{ question: 'Which generation is this car and what changed in it?', text_only_question: 'x' }],
    };
    const records = [gen(1, 'What is this?'), filter(1, reply)];
    const s = run(records, both('car.r1.c1', 'accept'));
    expect(s.next).toMatchObject({ kind: 'review', round: 2, waiting: [{ candidate: 'car.r2.p1' }] });
    const exhausted = run(records, [...both('car.r1.c1', 'accept'), ...both('car.r2.p1', 'discard')], 2);
    expect(exhausted.next).toMatchObject({ kind: 'selected', candidate: { id: 'car.r1.c1' }, boilerplate: true });
  });

  it('a revision is the next round’s candidate; with nothing accepted past the last round the image is dropped', () => {
    const revise: QuestionDecision[] = ['a', 'b'].map((author) => ({
      candidate: 'car.r1.c1',
      author,
      role: 'annotator',
      decision: 'revise',
      text: 'What car is this, and how has it changed?',
      reason: 'broader',
      at: 't',
    }));
    const s = run([gen(1, 'What car is this?')], revise);
    expect(s.next).toMatchObject({ kind: 'review', round: 2, waiting: [{ candidate: 'car.r2.v1' }] });
    expect(s.candidates.at(-1)).toMatchObject({
      id: 'car.r2.v1',
      origin: 'revised',
      parent: 'car.r1.c1',
      question: 'What car is this, and how has it changed?',
    });
    const dropped = run([gen(1, 'What car is this?')], [...revise, ...both('car.r2.v1', 'discard')], 2);
    expect(dropped.next).toEqual({
      kind: 'dropped',
      reason: 'no question was accepted by both reviewers and the filter in 2 rounds',
    });
  });
});
