import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../../test/support/external-data.js';
import { Check } from '../../schema/compiled-rubric.js';
import { judgeOffline } from './judge-offline.js';

// KLUE-NLI (Korean, CC BY-SA 4.0, read in place; see its PROVENANCE.md): each hypothesis is judged as
// a fact check against its premise as the answer. A contradiction rule that generalises finds some of
// the human contradictions and fires on few entailment or neutral pairs; these counts are the
// judge's, fixed so that a change says what it moves.
describe('KLUE-NLI Korean sample: the offline judge’s contradictions on pairs it was not written for', () => {
  const rows = JSON.parse(readFileSync(externalFile('klue-nli-ko/klue-nli-v1.1_dev_sample300.json'), 'utf8')) as Array<
    Record<string, string>
  >;
  const called = new Map<string, number>();
  const of = new Map<string, number>();
  for (const r of rows) {
    const hypothesis = r.hypothesis ?? '';
    const check = Check.parse({
      id: 'I1.fact',
      tier: 'answer_critical',
      text: hypothesis,
      content: hypothesis,
      item: 'I1',
      secondary: false,
      snippets: [],
      kind: 'fact',
    });
    const gold = r.gold_label ?? '';
    of.set(gold, (of.get(gold) ?? 0) + 1);
    if (judgeOffline({ answer: r.premise ?? '', check, language: 'ko' }).verdict === 'contradicts')
      called.set(gold, (called.get(gold) ?? 0) + 1);
  }

  it('holds 102 entailment, 102 neutral and 96 contradiction pairs', () => {
    expect([of.get('entailment'), of.get('neutral'), of.get('contradiction')]).toEqual([102, 102, 96]);
  });

  it('calls 1 of 102 entailment pairs and 4 of 102 neutral pairs contradictions', () => {
    expect([called.get('entailment') ?? 0, called.get('neutral') ?? 0]).toEqual([1, 4]);
  });

  it('finds 29 of the 96 human contradictions', () => {
    expect(called.get('contradiction') ?? 0).toBe(29);
  });
});
