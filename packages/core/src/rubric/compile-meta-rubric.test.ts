import { describe, expect, it } from 'vitest';
import { formatIssue, InputError } from '../issues/index.js';
import type { CompiledRubric, MetaRubric, MetaRubricInput } from '../schema/index.js';
import { CompiledRubric as CompiledRubricSchema } from '../schema/index.js';
import { compileMetaRubric } from './compile-meta-rubric.js';
import { parseMetaRubric } from './parse-meta-rubric.js';

type ItemInput = MetaRubricInput['items'][number];

function parse(items: ItemInput[], extra: Partial<MetaRubricInput> = {}): MetaRubric {
  const r = parseMetaRubric({ question_id: 'q-1', question: 'What is it?', items, ...extra });
  if (r.issues) throw new Error(r.issues.map(formatIssue).join('\n'));
  return r.value;
}
const compile = (items: ItemInput[], extra: Partial<MetaRubricInput> = {}) => compileMetaRubric(parse(items, extra));
/** One line per check: id, kind, tier and whether it is secondary. */
const rows = (c: CompiledRubric) =>
  c.checks.map((k) => `${k.id} ${k.kind} ${k.tier}${k.secondary ? ' secondary' : ''}`);
const members = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `option ${i + 1}` }));

describe('compileMetaRubric: one table row of SPEC §3 per case', () => {
  it.each<[string, ItemInput, string[]]>([
    ['fact', { id: 'F', type: 'fact', tier: 'valuable', text: 'Born in 1900' }, ['F.fact fact valuable']],
    [
      'strict list: one member check each at the list tier',
      { id: 'L', type: 'strict_list', tier: 'answer_critical', text: 'Parts', members: members(3) },
      ['L.m1 member answer_critical', 'L.m2 member answer_critical', 'L.m3 member answer_critical'],
    ],
    [
      'short flexible list (n = 7): threshold + an option check per member, one tier lower',
      { id: 'D', type: 'flexible_list', tier: 'answer_critical', text: 'Dishes', members: members(7), baseline: [2] },
      ['D.min2 threshold answer_critical', ...[1, 2, 3, 4, 5, 6, 7].map((i) => `D.o${i} option valuable secondary`)],
    ],
    [
      'long flexible list (n = 8): coverage ⌈8/2⌉ = 4 and ⌈24/4⌉ = 6, one tier lower',
      { id: 'D', type: 'flexible_list', tier: 'answer_critical', text: 'Dishes', members: members(8), baseline: [2] },
      ['D.min2 threshold answer_critical', 'D.cov4 coverage valuable secondary', 'D.cov6 coverage valuable secondary'],
    ],
    [
      'context-tier short list is treated as long; demote(context) stays context',
      { id: 'D', type: 'flexible_list', tier: 'context', text: 'Dishes', members: members(4), baseline: [1] },
      ['D.min1 threshold context', 'D.cov2 coverage context secondary', 'D.cov3 coverage context secondary'],
    ],
    [
      'n = 10, baseline [5]: cov5 is dropped (not above 5), cov8 stays',
      { id: 'D', type: 'flexible_list', tier: 'valuable', text: 'Dishes', members: members(10), baseline: [5] },
      ['D.min5 threshold valuable', 'D.cov8 coverage context secondary'],
    ],
    [
      'two baselines: a threshold each; coverage above the larger one',
      { id: 'D', type: 'flexible_list', tier: 'valuable', text: 'Dishes', members: members(12), baseline: [2, 6] },
      ['D.min2 threshold valuable', 'D.min6 threshold valuable', 'D.cov9 coverage context secondary'],
    ],
    [
      'explicit coverage replaces the default thresholds',
      {
        id: 'D',
        type: 'flexible_list',
        tier: 'answer_critical',
        text: 'Dishes',
        members: members(9),
        baseline: [3],
        coverage: [5, 9],
      },
      ['D.min3 threshold answer_critical', 'D.cov5 coverage valuable secondary', 'D.cov9 coverage valuable secondary'],
    ],
    [
      'explicit coverage is unused by a short list (options credit breadth there)',
      {
        id: 'D',
        type: 'flexible_list',
        tier: 'valuable',
        text: 'Dishes',
        members: members(3),
        baseline: [1],
        coverage: [3],
      },
      [
        'D.min1 threshold valuable',
        'D.o1 option context secondary',
        'D.o2 option context secondary',
        'D.o3 option context secondary',
      ],
    ],
    [
      'process with an optional step: presence checks, .seq over the required, .fullseq one lower',
      {
        id: 'P',
        type: 'process',
        tier: 'answer_critical',
        text: 'History',
        steps: [{ text: 'a' }, { text: 'b', required: false }, { text: 'c' }],
      },
      [
        'P.s1 step answer_critical',
        'P.s2 step valuable secondary',
        'P.s3 step answer_critical',
        'P.seq sequence answer_critical',
        'P.fullseq full_sequence valuable secondary',
      ],
    ],
    [
      'process, 1 required + 1 optional: no .seq but .fullseq',
      {
        id: 'P',
        type: 'process',
        tier: 'valuable',
        text: 'History',
        steps: [{ text: 'a' }, { text: 'b', required: false }],
      },
      ['P.s1 step valuable', 'P.s2 step context secondary', 'P.fullseq full_sequence context secondary'],
    ],
    [
      'process, all required: .seq only',
      { id: 'P', type: 'process', tier: 'valuable', text: 'History', steps: [{ text: 'a' }, { text: 'b' }] },
      ['P.s1 step valuable', 'P.s2 step valuable', 'P.seq sequence valuable'],
    ],
    [
      'process of one optional step: nothing to order',
      { id: 'P', type: 'process', tier: 'valuable', text: 'History', steps: [{ text: 'a', required: false }] },
      ['P.s1 step context secondary'],
    ],
    [
      'relationship: the related entity, then one check per aspect, all at the item tier',
      {
        id: 'R',
        type: 'relationship',
        tier: 'valuable',
        text: 'Compared with coq au vin',
        entity: 'coq au vin',
        aspects: [{ text: 'chicken instead of beef' }, { text: 'also braised in wine' }],
      },
      ['R.entity related_entity valuable', 'R.a1 aspect valuable', 'R.a2 aspect valuable'],
    ],
    [
      'top-level meta_insight',
      { id: 'M', type: 'meta_insight', tier: 'context', text: 'Always uses red meat' },
      ['M.insight insight context'],
    ],
    [
      "nested insights: .i<i>, own tier or the parent's, never secondary",
      {
        id: 'L',
        type: 'strict_list',
        tier: 'answer_critical',
        text: 'Parts',
        members: members(1),
        insights: [{ text: 'all old', tier: 'context' }, { text: 'all red' }],
      },
      ['L.m1 member answer_critical', 'L.i1 insight context', 'L.i2 insight answer_critical'],
    ],
    [
      'insights on a process come after its sequence checks',
      {
        id: 'P',
        type: 'process',
        tier: 'valuable',
        text: 'History',
        steps: [{ text: 'a' }, { text: 'b' }],
        insights: [{ text: 'slow' }],
      },
      ['P.s1 step valuable', 'P.s2 step valuable', 'P.seq sequence valuable', 'P.i1 insight valuable'],
    ],
  ])('%s', (_name, item, expected) => {
    const compiled = compile([item]);
    expect(rows(compiled)).toEqual(expected);
    expect(CompiledRubricSchema.safeParse(compiled).success).toBe(true);
  });
});

describe("the paper's seven-dish example", () => {
  const dishes = [
    'paella',
    'risotto alla milanese',
    'bouillabaisse',
    'biryani',
    'lussekatter',
    'tahchin',
    'saffron cake',
  ];
  const compiled = compile([
    {
      id: 'I2',
      type: 'flexible_list',
      tier: 'answer_critical',
      text: 'Dishes known for using saffron',
      members: dishes.map((text) => ({ text })),
      baseline: [2],
    },
  ]);

  it('gives one answer_critical "at least 2 of" check naming all seven, and seven valuable per-dish checks', () => {
    const [threshold, ...options] = compiled.checks;
    expect(threshold).toMatchObject({
      id: 'I2.min2',
      kind: 'threshold',
      tier: 'answer_critical',
      min: 2,
      options: dishes,
    });
    expect(threshold?.secondary).toBe(false);
    for (const d of dishes) expect(threshold?.text).toContain(d);
    expect(threshold?.text).toMatch(/^Mentions at least 2 of the following/);
    expect(options).toHaveLength(7);
    expect(options.map((o) => [o.kind, o.tier, o.secondary, o.content])).toEqual(
      dishes.map((d) => ['option', 'valuable', true, d]),
    );
  });
});

describe('check fields', () => {
  const meta = {
    snippets: [
      { id: 'S1', text: 'one' },
      { id: 'S2', text: 'two' },
      { id: 'S3', text: 'three' },
    ],
  };

  it("carries the item's snippets plus the member's or step's own, without repeats", () => {
    const c = compile(
      [
        {
          id: 'L',
          type: 'flexible_list',
          tier: 'valuable',
          text: 'Dishes',
          snippets: ['S1'],
          members: [{ text: 'a', snippets: ['S2', 'S1'] }, { text: 'b', snippets: ['S3'] }, { text: 'c' }],
          baseline: [1],
        },
        {
          id: 'P',
          type: 'process',
          tier: 'valuable',
          text: 'Steps',
          steps: [{ text: 'x', snippets: ['S3'] }, { text: 'y', required: false, snippets: ['S2'] }, { text: 'z' }],
        },
      ],
      meta,
    );
    const by = Object.fromEntries(c.checks.map((k) => [k.id, k.snippets]));
    expect(by).toEqual({
      'L.min1': ['S1', 'S2', 'S3'],
      'L.o1': ['S1', 'S2'],
      'L.o2': ['S1', 'S3'],
      'L.o3': ['S1'],
      'P.s1': ['S3'],
      'P.s2': ['S2'],
      'P.s3': [],
      'P.seq': ['S3'],
      'P.fullseq': ['S3', 'S2'],
    });
  });

  it('puts the raw meta-rubric text in content, and options/order on thresholds and sequences', () => {
    const c = compile([
      { id: 'F', type: 'fact', tier: 'valuable', text: 'Born in 1900' },
      { id: 'L', type: 'flexible_list', tier: 'context', text: 'Dishes', members: members(2), baseline: [1] },
      {
        id: 'P',
        type: 'process',
        tier: 'valuable',
        text: 'History',
        steps: [{ text: 'first' }, { text: 'then', required: false }, { text: 'last' }],
      },
      { id: 'R', type: 'relationship', tier: 'valuable', text: 'Versus X', entity: 'X', aspects: [{ text: 'older' }] },
    ]);
    const by = Object.fromEntries(c.checks.map((k) => [k.id, k]));
    expect(by['F.fact']?.content).toBe('Born in 1900');
    expect(by['L.min1']).toMatchObject({ content: 'Dishes', min: 1, options: ['option 1', 'option 2'] });
    expect(by['L.cov2']).toMatchObject({ content: 'Dishes', min: 2, options: ['option 1', 'option 2'] });
    expect(by['P.s2']?.content).toBe('then');
    expect(by['P.seq']).toMatchObject({ content: 'History', order: ['first', 'last'] });
    expect(by['P.fullseq']).toMatchObject({ content: 'History', order: ['first', 'then', 'last'] });
    expect(by['R.entity']?.content).toBe('X');
    expect(by['R.a1']?.content).toBe('older');
  });

  it('copies question_id, language, domain and popularity', () => {
    const c = compile([{ id: 'F', type: 'fact', tier: 'valuable', text: 't' }], {
      language: 'ko',
      domain: 'food',
      popularity: 'tail',
    });
    expect(c).toMatchObject({ question_id: 'q-1', language: 'ko', domain: 'food', popularity: 'tail' });
  });

  it('compiles the same meta-rubric to the same ids and texts every time', () => {
    const items: ItemInput[] = [
      { id: 'A', type: 'strict_list', tier: 'valuable', text: 'Parts', members: members(2) },
      { id: 'B', type: 'flexible_list', tier: 'valuable', text: 'More', members: members(9), baseline: [2] },
    ];
    expect(compile(items)).toEqual(compile(structuredClone(items)));
  });

  it('refuses a meta-rubric that breaks a semantic rule instead of compiling nonsense', () => {
    const meta = parse([
      { id: 'D', type: 'flexible_list', tier: 'valuable', text: 'x', members: members(2), baseline: [1] },
    ]);
    const broken = {
      ...meta,
      items: meta.items.map((i) => (i.type === 'flexible_list' ? { ...i, baseline: [3] } : i)),
    };
    expect(() => compileMetaRubric(broken)).toThrow(InputError);
  });
});

describe('rubric_hash', () => {
  const base: MetaRubricInput = {
    question_id: 'q-1',
    question: 'What is it?',
    entity: 'Thing',
    items: [{ id: 'F', type: 'fact', tier: 'valuable', text: 'Born in 1900' }],
  };
  const hash = (input: unknown) => {
    const r = parseMetaRubric(input);
    if (!r.value) throw new Error('invalid');
    return compileMetaRubric(r.value).rubric_hash;
  };

  it('is a SHA-256 hex digest, stable under key order and written-out defaults', () => {
    const h = hash(base);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const reordered = {
      items: [{ text: 'Born in 1900', tier: 'valuable', type: 'fact', id: 'F' }],
      entity: 'Thing',
      question: 'What is it?',
      question_id: 'q-1',
      language: 'en',
      snippets: [],
    };
    expect(hash(reordered)).toBe(h);
  });

  it('changes when any content changes', () => {
    const h = hash(base);
    expect(hash({ ...base, entity: 'Other' })).not.toBe(h);
    expect(hash({ ...base, items: [{ id: 'F', type: 'fact', tier: 'context', text: 'Born in 1900' }] })).not.toBe(h);
    expect(hash({ ...base, items: [{ id: 'F', type: 'fact', tier: 'valuable', text: 'Born in 1901' }] })).not.toBe(h);
  });
});
