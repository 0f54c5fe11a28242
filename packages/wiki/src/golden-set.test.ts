import { readFileSync } from 'node:fs';
import { type GoldenSet, goldenSetHash, InputError } from '@gamut/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { wikiFixture as fixture, fixtureSnapshot } from './fixture-wiki.test-helpers.js';
import { checkGoldenSet, freezeGoldenSet, parseGoldenSet } from './golden-set.js';
import type { WikiSnapshot } from './snapshot.js';

let snapshot: WikiSnapshot;
beforeAll(() => {
  snapshot = fixtureSnapshot();
});

const base = (questions: unknown[]) => ({ name: 'g', version: '1', wiki_snapshot: 'w', questions });
const q = (over: Record<string, unknown> = {}) => ({
  question_id: 'q1',
  question: 'P1?',
  answerable: true,
  type: 'single_page',
  origin: 'synthetic',
  required_facts: [{ id: 'F1', fact: '30분 이내 공지', page_ids: ['POL-101'], values: ['30분'] }],
  gold_answer: '30분',
  ...over,
});
const issuesOf = (value: unknown, opts = {}) => {
  try {
    parseGoldenSet(value, { snapshot, ...opts });
    return [];
  } catch (e) {
    if (!InputError.isInputError(e)) throw e;
    return e.issues.map((i) => ({ rule: i.rule, path: i.path, question: i.question, item: i.item }));
  }
};

describe('golden-set validation', () => {
  it('names the question, fact and page of a fact citing an unknown, an archived or an old-only page', () => {
    const facts = [
      { id: 'F1', fact: 'a', page_ids: ['POL-101', 'NOPE-1'] },
      { id: 'F2', fact: 'b', page_ids: ['POL-099'] },
    ];
    expect(issuesOf(base([q({ question_id: 'q7', required_facts: facts })]))).toEqual([
      { rule: 'unknown-page', path: 'questions[0].required_facts[0].page_ids[1]', question: 'q7', item: 'F1' },
      { rule: 'page-not-current', path: 'questions[0].required_facts[1].page_ids[0]', question: 'q7', item: 'F2' },
    ]);
  });

  it('refuses duplicate question ids, duplicate fact ids and unanswerable questions with facts', () => {
    const dupFacts = [
      { id: 'F1', fact: 'a', page_ids: ['POL-101'] },
      { id: 'F1', fact: 'b', page_ids: ['OPS-102'] },
    ];
    expect(
      issuesOf(
        base([
          q(),
          q({ required_facts: dupFacts }),
          q({ question_id: 'q3', answerable: false, type: 'unanswerable' }),
          q({ question_id: 'q4', answerable: false, type: 'single_page', required_facts: [] }),
        ]),
      ).map((i) => [i.rule, i.question]),
    ).toEqual([
      ['duplicate-question-id', 'q1'],
      ['duplicate-fact-id', 'q1'],
      ['unanswerable-with-facts', 'q3'],
      ['answerable-type', 'q4'],
    ]);
  });

  it('names the question of a schema problem', () => {
    expect(issuesOf(base([q({ question_id: 'q9', type: 'multi' })]))).toEqual([
      { rule: 'schema/invalid_value', path: 'questions[0].type', question: 'q9', item: undefined },
    ]);
  });

  it('refuses a golden set made on another snapshot', () => {
    const g = { ...base([q()]), wiki_snapshot: '0'.repeat(64) };
    expect(issuesOf(g).map((i) => i.rule)).toEqual(['snapshot-mismatch']);
  });
});

describe('freezing', () => {
  const golden = (): GoldenSet => parseGoldenSet(base([q()]), { snapshot });

  it('records a hash that is stable under key order and explicit defaults', () => {
    const frozen = freezeGoldenSet(golden());
    expect(frozen.frozen_hash).toMatch(/^[0-9a-f]{64}$/);
    const reordered = JSON.parse(
      JSON.stringify({
        questions: base([q()]).questions,
        version: '1',
        name: 'g',
        wiki_snapshot: 'w',
        require_citations: true,
      }),
    );
    expect(goldenSetHash(parseGoldenSet(reordered))).toBe(frozen.frozen_hash);
    expect(checkGoldenSet(frozen)).toEqual([]);
  });

  it('refuses a frozen set edited afterwards, and accepts it when re-freezing on purpose', () => {
    const frozen = freezeGoldenSet(golden());
    const edited = { ...frozen, questions: frozen.questions.map((x) => ({ ...x, gold_answer: '60분' })) };
    expect(checkGoldenSet(edited).map((i) => i.rule)).toEqual(['frozen-hash-mismatch']);
    expect(checkGoldenSet(edited, { allowStaleHash: true })).toEqual([]);
  });

  it('the bundled file detects an edit', () => {
    const raw = JSON.parse(readFileSync(fixture('golden.json'), 'utf8'));
    raw.questions[0].required_facts[1].values = ['60분'];
    expect(issuesOf(raw).map((i) => i.rule)).toEqual(['frozen-hash-mismatch']);
  });
});
