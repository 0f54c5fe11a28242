import { readFileSync } from 'node:fs';
import { FlagDecision, type GoldenSet, goldenSetHash, InputError } from '@gamut/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureSnapshot, wikiFixture } from './fixture-wiki.test-helpers.js';
import {
  changelogMarkdown,
  type LocatedDecision,
  nextVersion,
  proposeGoldenVersion,
  releaseGoldenVersion,
} from './golden-release.js';
import { parseGoldenSet } from './golden-set.js';
import type { WikiSnapshot } from './snapshot.js';

let snapshot: WikiSnapshot;
let golden: GoldenSet;
beforeAll(() => {
  snapshot = fixtureSnapshot();
  golden = parseGoldenSet(JSON.parse(readFileSync(wikiFixture('golden.json'), 'utf8')), { snapshot });
});

const flag = (question_id: string, kind: string, detail: string) => ({ question_id, kind, detail });
const decide = (line: number, d: Record<string, unknown>): LocatedDecision => ({
  line,
  decision: FlagDecision.parse(d),
});

/** A value override confirmed as a wrong golden value, another page confirmed as proof, a rejected flag, a flag decided twice. */
function decisions(): LocatedDecision[] {
  const override = flag('q-ko-001', 'value_override', 'fact F1: judge said meets, value check says contradicts');
  const twice = flag('q-ko-004', 'citation_not_current', 'claim "…" cites HR-202@1, which is historical');
  return [
    decide(1, { flag: twice, decision: 'reject', who: 'alice', at: '2026-12-01T09:00:00Z', reason: 'first look' }),
    decide(2, {
      flag: override,
      decision: 'confirm',
      who: 'alice',
      at: '2026-12-01T10:00:00Z',
      reason: 'OPS-102 v3 says 10분 since the on-call change',
      change: { op: 'set_fact_values', question_id: 'q-ko-001', fact_id: 'F1', values: ['10분'] },
    }),
    decide(3, {
      flag: flag('q-ko-002', 'other_page_supports', 'INC-301 also states the 2-hour update rule'),
      decision: 'confirm',
      who: 'bob',
      at: '2026-12-01T10:05:00Z',
      reason: 'the postmortem quotes the policy',
      change: { op: 'add_fact_page', question_id: 'q-ko-002', fact_id: 'F1', page_id: 'INC-301' },
    }),
    decide(4, {
      flag: flag('q-ko-003', 'citation_not_current', 'claim cites OPS-130@1'),
      decision: 'reject',
      who: 'bob',
      at: '2026-12-01T10:06:00Z',
      reason: 'the agent cited an old version; the golden set is right',
    }),
    decide(5, { flag: twice, decision: 'confirm', who: 'carol', at: '2026-12-01T11:00:00Z', reason: 'agent error' }),
  ];
}

describe('proposing the next golden version', () => {
  it('applies the latest confirmed changes in order, with a changelog naming who and why', () => {
    const before = JSON.stringify(golden);
    const p = proposeGoldenVersion({ golden, decisions: decisions(), snapshot });
    expect(JSON.stringify(golden)).toBe(before);
    expect(p.base).toEqual({ name: 'norumi-wiki-qa', version: '1.0.0', hash: golden.frozen_hash });
    expect(p.version).toBe('1.0.1');
    expect(p.golden.frozen_hash).toBeUndefined();
    expect(p.changelog.map((e) => [e.summary, e.confirmed_by, e.reason])).toEqual([
      ['q-ko-001 F1: values 15분 → 10분', 'alice', 'OPS-102 v3 says 10분 since the on-call change'],
      ['q-ko-002 F1: page INC-301 added', 'bob', 'the postmortem quotes the policy'],
    ]);
    const q1 = p.golden.questions.find((q) => q.question_id === 'q-ko-001');
    expect(q1?.required_facts.find((f) => f.id === 'F1')?.values).toEqual(['10분']);
    const q2 = p.golden.questions.find((q) => q.question_id === 'q-ko-002');
    expect(q2?.required_facts[0]?.page_ids).toEqual(['POL-101', 'INC-301']);
    // The flag decided twice counts by its latest decision: carol's confirmation, which changes nothing.
    expect(p.confirmed_without_change.map((d) => d.who)).toEqual(['carol']);
    expect(p.rejected.map((d) => d.flag.question_id)).toEqual(['q-ko-003']);
  });

  it('refuses changes the set cannot take, naming file, line and rule', () => {
    const bad = [
      decide(7, {
        flag: flag('q-ko-002', 'other_page_supports', 'x'),
        decision: 'confirm',
        who: 'bob',
        at: '2026-12-01T10:00:00Z',
        change: { op: 'add_fact_page', question_id: 'q-ko-002', fact_id: 'F9', page_id: 'INC-301' },
      }),
      decide(8, {
        flag: flag('q-ko-005', 'value_override', 'y'),
        decision: 'confirm',
        who: 'bob',
        at: '2026-12-01T10:01:00Z',
        change: { op: 'set_fact_values', question_id: 'q-ko-005', fact_id: 'F1', values: ['2일'] },
      }),
      decide(9, {
        flag: flag('q-ko-002', 'other_page_supports', 'z'),
        decision: 'confirm',
        who: 'bob',
        at: '2026-12-01T10:02:00Z',
        change: { op: 'add_fact_page', question_id: 'q-ko-002', fact_id: 'F1', page_id: 'POL-099' },
      }),
    ];
    let error: unknown;
    try {
      proposeGoldenVersion({ golden, decisions: bad, snapshot, file: 'decisions.jsonl' });
    } catch (e) {
      error = e;
    }
    expect(InputError.isInputError(error)).toBe(true);
    expect((error as InputError).issues.map((i) => [i.line ?? null, i.rule])).toEqual([
      [7, 'unknown-fact'],
      [8, 'no-change'],
      // POL-099 is archived: only current pages are valid evidence.
      [null, 'page-not-current'],
    ]);
  });

  it('refuses a placeholder fact from a decisions file; the same change written by a person lands', () => {
    const draft = {
      op: 'make_answerable',
      question_id: 'q-en-012',
      type: 'single_page',
      required_facts: [
        { id: 'F1', fact: 'Can employees bring their dogs to the office?', page_ids: ['HR-203'], values: [] },
      ],
      placeholder: true,
    };
    const confirm = (change: Record<string, unknown>) =>
      decide(3, {
        flag: flag('q-en-012', 'looks_answerable', 'HR-203 holds 6 of 7 words'),
        decision: 'confirm',
        who: 'rita',
        at: '2026-12-01T10:00:00Z',
        change,
      });
    let error: unknown;
    try {
      proposeGoldenVersion({ golden, decisions: [confirm(draft)], snapshot, file: 'decisions.jsonl' });
    } catch (e) {
      error = e;
    }
    expect((error as InputError).issues.map((i) => [i.line, i.rule])).toEqual([[3, 'placeholder-change']]);
    const { placeholder: _, ...written } = draft;
    const fact = { id: 'F1', fact: 'Dogs are not allowed in the office', page_ids: ['HR-203'], values: [] };
    const p = proposeGoldenVersion({
      golden,
      decisions: [confirm({ ...written, required_facts: [fact] })],
      snapshot,
      file: 'decisions.jsonl',
    });
    const q = p.golden.questions.find((x) => x.question_id === 'q-en-012');
    expect([q?.answerable, q?.required_facts]).toEqual([true, [fact]]);
  });
});

describe('releasing it', () => {
  it('freezes the set under the new version and hash; the release names the version it replaces', () => {
    const proposal = proposeGoldenVersion({ golden, decisions: decisions(), snapshot });
    const { golden: released, release } = releaseGoldenVersion({
      proposal,
      who: 'alice',
      at: '2026-12-01T12:00:00Z',
      snapshot,
      base: golden,
    });
    expect(released.version).toBe('1.0.1');
    expect(released.frozen_hash).toBe(goldenSetHash(released));
    expect(released.frozen_hash).not.toBe(golden.frozen_hash);
    // A released set loads like any frozen set: its hash matches its content.
    expect(parseGoldenSet(released, { snapshot }).frozen_hash).toBe(release.hash);
    expect(release.previous).toEqual({ name: 'norumi-wiki-qa', version: '1.0.0', hash: golden.frozen_hash });
    expect(release.changelog).toHaveLength(2);
    expect(changelogMarkdown(release)).toContain('- q-ko-001 F1: values 15분 → 10분. Flag value_override');
  });

  it('refuses a proposal that changes nothing, or one made on a base that has changed since', () => {
    const empty = proposeGoldenVersion({ golden, decisions: [], snapshot });
    const edited: GoldenSet = { ...golden, version: '1.0.0-edited' };
    const rules = (f: () => unknown) => {
      try {
        f();
        return [];
      } catch (e) {
        return (e as InputError).issues.map((i) => i.rule);
      }
    };
    expect(rules(() => releaseGoldenVersion({ proposal: empty, who: 'a', at: '2026-12-01T12:00:00Z' }))).toEqual([
      'no-changes',
    ]);
    const proposal = proposeGoldenVersion({ golden, decisions: decisions(), snapshot });
    expect(rules(() => releaseGoldenVersion({ proposal, who: 'a', at: '2026-12-01T12:00:00Z', base: edited }))).toEqual(
      ['stale-proposal'],
    );
  });

  it('numbers the next version after the last number of the current one', () => {
    expect(['1', '1.0.0', 'v2', '2026-11', 'draft'].map(nextVersion)).toEqual([
      '2',
      '1.0.1',
      'v3',
      '2026-12',
      'draft.2',
    ]);
  });
});
