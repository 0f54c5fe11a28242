import { describe, expect, it } from 'vitest';
import { compileMetaRubric } from '../rubric/compile-meta-rubric.js';
import { MetaRubric } from '../schema/meta-rubric.js';
import { applyOverlay, type RubricEdit } from './rubric-overlay.js';

const base = {
  question_id: 'q-1',
  question: 'What dish is this?',
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Identifies the dish as beef bourguignon' },
    {
      id: 'I2',
      type: 'process',
      tier: 'valuable',
      text: 'How it is made',
      steps: [{ text: 'Brown the beef' }, { text: 'Braise in red wine' }],
    },
  ],
};
const draft = compileMetaRubric(MetaRubric.parse(base));
const edit = (e: Partial<RubricEdit>): RubricEdit => ({
  question_id: 'q-1',
  op: 'reword',
  reason: 'why',
  author: 'rev',
  at: 't',
  ...e,
});

describe('applyOverlay', () => {
  it('rewords, re-tiers, deletes and adds checks, keeping everything else', () => {
    const r = applyOverlay(draft, [
      edit({ check: 'I1.fact', text: 'Names the dish: beef bourguignon, a Burgundy beef stew.' }),
      edit({ op: 'retier', check: 'I2.s2', tier: 'answer_critical' }),
      edit({ op: 'delete', check: 'I2.seq' }),
      edit({ op: 'add', text: 'Says it is served with potatoes or noodles.', tier: 'context' }),
    ]);
    expect(r.stale).toEqual([]);
    expect(r.rubric.checks.map((c) => [c.id, c.tier, c.text.slice(0, 22)])).toEqual([
      ['I1.fact', 'answer_critical', 'Names the dish: beef b'],
      ['I2.s1', 'valuable', draft.checks[1]?.text.slice(0, 22)],
      ['I2.s2', 'answer_critical', draft.checks[2]?.text.slice(0, 22)],
      ['H1.fact', 'context', 'Says it is served with'],
    ]);
    // The offline judge matches `content`: a reworded check no longer carries the old one.
    expect(draft.checks[0]?.content).toBe('Identifies the dish as beef bourguignon');
    expect(r.rubric.checks[0]?.content).toBeUndefined();
  });

  it('a human edit survives a recompile of a changed meta-rubric; one whose check changed under it is stale', () => {
    const wasS2 = draft.checks.find((c) => c.id === 'I2.s2')?.text;
    const edits = [
      edit({ check: 'I1.fact', text: 'Names the dish: beef bourguignon.' }),
      edit({ check: 'I2.s2', was: wasS2, text: 'Mentions braising the beef slowly in red wine.' }),
      edit({ op: 'delete', check: 'I3.fact' }),
    ];
    // The refinement inserts a step before "Braise in red wine": I2.s2 now names another step.
    const refined = structuredClone(base);
    refined.items[1] = {
      ...base.items[1],
      steps: [{ text: 'Brown the beef' }, { text: 'Flame with cognac' }, { text: 'Braise in red wine' }],
    } as never;
    const recompiled = compileMetaRubric(MetaRubric.parse(refined));
    expect(recompiled.rubric_hash).not.toBe(draft.rubric_hash);
    const r = applyOverlay(recompiled, edits);
    expect(r.rubric.checks.find((c) => c.id === 'I1.fact')?.text).toBe('Names the dish: beef bourguignon.');
    expect(r.applied).toHaveLength(1);
    expect(r.stale.map((s) => s.reason)).toEqual([
      expect.stringMatching(/^check I2\.s2 now reads ".*Flame with cognac.*", not what the edit was made on$/),
      'check I3.fact is no longer in the compiled rubric',
    ]);
  });
});
