import { describe, expect, it } from 'vitest';
import type { Issue } from '../issues/index.js';
import { parseMetaRubric } from './parse-meta-rubric.js';

const good = () => ({
  question_id: 'q-9',
  question: 'What is it?',
  snippets: [
    { id: 'S1', text: 'one' },
    { id: 'S2', text: 'two' },
  ],
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'It is X', snippets: ['S1'] },
    {
      id: 'I2',
      type: 'flexible_list',
      tier: 'valuable',
      text: 'Uses',
      members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }],
      baseline: [2],
    },
  ],
});
type Meta = ReturnType<typeof good> & Record<string, unknown>;
/** A valid meta-rubric with its second item replaced. */
const withItem = (item: Record<string, unknown>): Meta => {
  const m = good();
  (m.items as unknown[])[1] = { id: 'I2', tier: 'valuable', text: 'Uses', ...item };
  return m;
};
const issuesOf = (input: unknown, ctx = {}): Issue[] => {
  const r = parseMetaRubric(input, ctx);
  expect(r.value).toBeUndefined();
  return r.issues ?? [];
};
/** rule, path and item of each issue: what a user needs to find the mistake. */
const where = (issues: Issue[]) => issues.map((i) => [i.rule, i.path, i.item]);

describe('parseMetaRubric accepts', () => {
  it('a valid meta-rubric, with defaults applied', () => {
    const r = parseMetaRubric(good());
    expect(r.issues).toBeUndefined();
    expect(r.value?.language).toBe('en');
  });
});

describe('parseMetaRubric refuses, naming question, item, path and rule', () => {
  it.each<[string, Record<string, unknown>, [string, string, string | undefined][]]>([
    [
      'baseline larger than the list',
      { type: 'flexible_list', members: [{ text: 'a' }, { text: 'b' }], baseline: [3] },
      [['baseline-range', 'items[1].baseline[0]', 'I2']],
    ],
    [
      'baseline of zero',
      { type: 'flexible_list', members: [{ text: 'a' }], baseline: [0] },
      [['baseline-range', 'items[1].baseline[0]', 'I2']],
    ],
    [
      'three baselines',
      { type: 'flexible_list', members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], baseline: [1, 2, 3] },
      [['baseline-count', 'items[1].baseline', 'I2']],
    ],
    [
      'no baseline',
      { type: 'flexible_list', members: [{ text: 'a' }], baseline: [] },
      [['baseline-count', 'items[1].baseline', 'I2']],
    ],
    [
      'coverage not above the baseline',
      {
        type: 'flexible_list',
        members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }],
        baseline: [2],
        coverage: [2, 3],
      },
      [['coverage-not-above-baseline', 'items[1].coverage[0]', 'I2']],
    ],
    [
      'coverage above the list size (SPEC §2 as abbreviated: 2 members, coverage [4, 6])',
      { type: 'flexible_list', members: [{ text: 'coq au vin' }, { text: 'daube' }], baseline: [2], coverage: [4, 6] },
      [
        ['coverage-range', 'items[1].coverage[0]', 'I2'],
        ['coverage-range', 'items[1].coverage[1]', 'I2'],
      ],
    ],
    [
      'duplicate thresholds',
      {
        type: 'flexible_list',
        members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }],
        baseline: [1, 1],
        coverage: [3, 3],
      },
      [
        ['duplicate-threshold', 'items[1].baseline[1]', 'I2'],
        ['duplicate-threshold', 'items[1].coverage[1]', 'I2'],
      ],
    ],
    ['empty members', { type: 'strict_list', members: [] }, [['empty-list', 'items[1].members', 'I2']]],
    [
      'empty members of a flexible list (its baseline is then out of range too)',
      { type: 'flexible_list', members: [], baseline: [1] },
      [
        ['empty-list', 'items[1].members', 'I2'],
        ['baseline-range', 'items[1].baseline[0]', 'I2'],
      ],
    ],
    ['empty steps', { type: 'process', steps: [] }, [['empty-list', 'items[1].steps', 'I2']]],
    ['empty aspects', { type: 'relationship', entity: 'Y', aspects: [] }, [['empty-list', 'items[1].aspects', 'I2']]],
    [
      'an insight on a fact',
      { type: 'fact', insights: [{ text: 'x' }] },
      [['field-not-allowed', 'items[1].insights', 'I2']],
    ],
    [
      'a baseline on a strict list',
      { type: 'strict_list', members: [{ text: 'a' }], baseline: [1] },
      [['field-not-allowed', 'items[1].baseline', 'I2']],
    ],
    [
      'an unknown snippet on a member and on a nested insight',
      {
        type: 'strict_list',
        members: [{ text: 'a', snippets: ['S1', 'S9'] }],
        insights: [{ text: 'i', snippets: ['S7'] }],
      },
      [
        ['unknown-snippet', 'items[1].members[0].snippets[1]', 'I2'],
        ['unknown-snippet', 'items[1].insights[0].snippets[0]', 'I2'],
      ],
    ],
    [
      'an unknown snippet on a step',
      { type: 'process', steps: [{ text: 's', snippets: ['X'] }] },
      [['unknown-snippet', 'items[1].steps[0].snippets[0]', 'I2']],
    ],
    ['unknown item type', { type: 'checklist', members: [] }, [['unknown-item-type', 'items[1].type', 'I2']]],
    ['unknown tier', { type: 'fact', tier: 'vital' }, [['unknown-tier', 'items[1].tier', 'I2']]],
    [
      'wrong types',
      { type: 'flexible_list', members: 'a, b', baseline: [1.5] },
      [
        ['schema/invalid_type', 'items[1].members', 'I2'],
        ['schema/invalid_type', 'items[1].baseline[0]', 'I2'],
      ],
    ],
  ])('%s', (_name, item, expected) => {
    const issues = issuesOf(withItem(item));
    expect(where(issues)).toEqual(expected);
    for (const i of issues) expect(i.question).toBe('q-9');
  });

  it('messages say what is wrong with which value', () => {
    const [range] = issuesOf(
      withItem({ type: 'flexible_list', members: [{ text: 'a' }, { text: 'b' }], baseline: [3] }),
    );
    expect(range?.message).toBe('baseline 3 is outside 1..2: the list has 2 members');
    const [cov] = issuesOf(
      withItem({
        type: 'flexible_list',
        members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }],
        baseline: [2],
        coverage: [1],
      }),
    );
    expect(cov?.message).toBe('coverage 1 must be greater than every baseline (largest: 2)');
    const [type] = issuesOf(withItem({ type: 'checklist' }));
    expect(type?.message).toBe(
      'item type "checklist" is not one of fact, strict_list, flexible_list, process, relationship, meta_insight',
    );
    const [tier] = issuesOf(withItem({ type: 'fact', tier: 'vital' }));
    expect(tier?.message).toBe('tier "vital" is not one of answer_critical, valuable, context');
    const [snip] = issuesOf(withItem({ type: 'fact', snippets: ['S3'] }));
    expect(snip?.message).toBe(`snippet "S3" is not a snippet of this question; the question's snippets are S1, S2`);
  });

  it('duplicate item ids and duplicate snippet ids', () => {
    const m = good();
    (m.items as unknown[]).push({ id: 'I1', type: 'meta_insight', tier: 'context', text: 'again' });
    m.snippets.push({ id: 'S1', text: 'again' });
    const issues = issuesOf(m);
    expect(where(issues)).toEqual([
      ['duplicate-id', 'snippets[2].id', undefined],
      ['duplicate-id', 'items[2].id', 'I1'],
    ]);
    expect(issues[1]?.message).toBe('item id "I1" is already used by items[0]');
  });

  it('reports schema and semantic problems of different items together', () => {
    const m = good();
    (m.items as unknown[]).push(
      { id: 'I3', type: 'fact', tier: 'urgent', text: 't' },
      { id: 'I4', type: 'strict_list', tier: 'valuable', text: 'l', members: [] },
      { id: 'I3', type: 'fact', tier: 'valuable', text: 'dup', snippets: ['nope'] },
    );
    expect(where(issuesOf(m))).toEqual([
      ['unknown-tier', 'items[2].tier', 'I3'],
      ['duplicate-id', 'items[4].id', 'I3'],
      ['empty-list', 'items[3].members', 'I4'],
      ['unknown-snippet', 'items[4].snippets[0]', 'I3'],
    ]);
  });

  it('a document that is not a meta-rubric at all', () => {
    expect(where(issuesOf([1, 2]))).toEqual([['schema/invalid_type', '', undefined]]);
    expect(where(issuesOf({ question_id: 'q', question: 'x', items: [] }))).toEqual([
      ['empty-list', 'items', undefined],
    ]);
  });

  it('carries file, line and a path prefix from the caller', () => {
    const [issue] = issuesOf(withItem({ type: 'process', steps: [] }), { file: 'm.jsonl', line: 7, pathPrefix: [3] });
    expect(issue).toMatchObject({ file: 'm.jsonl', line: 7, path: '[3].items[1].steps', question: 'q-9', item: 'I2' });
  });
});
