import { describe, expect, it } from 'vitest';
import type { RagReport } from '../rag/report-schema.js';
import { GoldenChange } from '../schema/golden-release.js';
import { ReviewQueue } from '../schema/review.js';
import { ev } from './review-fixtures.test-helpers.js';
import { WIKI_FLAG_LABELS, wikiFlagDecisions, wikiFlagItems } from './wiki-flags.js';

const golden = { name: 'g', version: '1.0.0', hash: 'a'.repeat(64) };
const addPage = GoldenChange.parse({ op: 'add_fact_page', question_id: 'Q-1', fact_id: 'F2', page_id: 'POL-102' });
const report: Pick<RagReport, 'flags' | 'golden'> = {
  golden,
  flags: [
    { question_id: 'Q-1', kind: 'other_page_supports', detail: 'fact F2: POL-102', change: addPage },
    { question_id: 'Q-2', kind: 'citation_not_current', detail: 'cites POL-099' },
    { question_id: 'Q-1', kind: 'other_page_supports', detail: 'fact F2: POL-102', change: addPage },
    { question_id: 'Q-3', kind: 'value_override', detail: 'fact F1' },
  ],
};

const queue = ReviewQueue.parse({
  owner_id: 'run-1',
  id: 'q',
  kind: 'wiki_flag',
  per_item: 1,
  labels: WIKI_FLAG_LABELS,
  items: wikiFlagItems(report),
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('wikiFlagItems', () => {
  it('one item per distinct flag, ids f001…, with the proposed change and the golden set', () => {
    expect(queue.items.map((it) => [it.id, it.stratum])).toEqual([
      ['f001', 'other_page_supports'],
      ['f002', 'citation_not_current'],
      ['f003', 'value_override'],
    ]);
    expect(queue.items[0]?.payload).toEqual({
      flag: { question_id: 'Q-1', kind: 'other_page_supports', detail: 'fact F2: POL-102' },
      change: addPage,
      golden,
    });
    expect(queue.items[1]?.payload).not.toHaveProperty('change');
  });
});

describe('wikiFlagDecisions', () => {
  it('a confirm carries its change, a reject none; an undone decision and an undecided item are left out', () => {
    const events = [
      ev('rev', 'f002', { kind: 'confirm', reason: 'oops' }),
      ev('rev', 'f001', { kind: 'confirm', reason: 'POL-102 says 30분 too' }),
      ev('rev', 'f003', { kind: 'reject', reason: 'the agent is wrong' }),
    ];
    // rev takes back the last decision (f003), then decides f002 again.
    const undo = ev('rev', 'f003', { kind: 'undo', undoes: events[2]?.id as string });
    const again = ev('rev', 'f002', { kind: 'reject', reason: 'the agent cited an old version' });
    const decisions = wikiFlagDecisions(queue, [...events, undo, again]);
    expect(decisions).toEqual([
      {
        flag: { question_id: 'Q-1', kind: 'other_page_supports', detail: 'fact F2: POL-102' },
        decision: 'confirm',
        who: 'rev',
        at: events[1]?.at,
        reason: 'POL-102 says 30분 too',
        change: addPage,
      },
      {
        flag: { question_id: 'Q-2', kind: 'citation_not_current', detail: 'cites POL-099' },
        decision: 'reject',
        who: 'rev',
        at: again.at,
        reason: 'the agent cited an old version',
      },
    ]);
  });

  it('a verdict-label queue has no flag decisions', () => {
    expect(wikiFlagDecisions({ ...queue, kind: 'verdict_label' }, [])).toEqual([]);
  });
});
