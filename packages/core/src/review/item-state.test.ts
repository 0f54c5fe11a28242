import { describe, expect, it } from 'vitest';
import { queueState, standingEvents, undoTarget } from './item-state.js';
import { ev, label, labelQueue } from './review-fixtures.test-helpers.js';

describe('queueState', () => {
  const queue = labelQueue(4);
  const events = [
    label('ann', 'i1', 'meets', 'says it'),
    label('bo', 'i1', 'meets'),
    label('ann', 'i2', 'meets'),
    label('bo', 'i2', 'missing', 'not there'),
    ev('민지', 'i2', { kind: 'adjudicate', value: 'partially_meets', round: 2, reason: 'half of it' }),
    label('ann', 'i3', 'contradicts'),
  ];
  const undo = ev('ann', 'i3', { kind: 'undo', undoes: (events[5] as { id: string }).id });
  const later = [
    undo,
    label('ann', 'i3', 'missing'),
    label('ann', 'i4', 'meets'),
    label('bo', 'i4', 'missing'),
    label('bo', 'i4', 'meets', 'on second reading'),
    ev('bo', 'i4', { kind: 'comment', reason: 'hard one' }),
  ];
  const state = queueState(queue, [...events, ...later]);

  it('derives each item: agreed, adjudicated, waiting, and a relabel replacing the person’s earlier label', () => {
    expect(state.items.map((s) => [s.item_id, s.status, s.final])).toEqual([
      ['i1', 'done', 'meets'],
      ['i2', 'adjudicated', 'partially_meets'],
      ['i3', 'waiting', null],
      ['i4', 'done', 'meets'],
    ]);
    expect(state.counts).toEqual({ waiting: 1, done: 2, disagreement: 0, adjudicated: 1 });
    expect(state.byId.get('i2')?.decisions.map((d) => [d.who, d.value, d.reason])).toEqual([
      ['ann', 'meets', ''],
      ['bo', 'missing', 'not there'],
    ]);
    expect(state.byId.get('i2')?.adjudication).toMatchObject({ who: '민지', value: 'partially_meets', round: 2 });
    expect(state.byId.get('i3')?.decisions.map((d) => d.value)).toEqual(['missing']);
    expect(state.byId.get('i4')?.decisions.map((d) => [d.who, d.value])).toEqual([
      ['ann', 'meets'],
      ['bo', 'meets'],
    ]);
    expect(state.byId.get('i4')?.notes).toEqual([{ who: 'bo', kind: 'comment', reason: 'hard one', at: later[5]?.at }]);
  });

  it('an undone adjudication sends the item back to disagreement; other queues and owners are ignored', () => {
    const adjudication = events[4] as { id: string };
    const back = queueState(queue, [
      ...events,
      ev('민지', 'i2', { kind: 'undo', undoes: adjudication.id }),
      { ...label('ann', 'i3', 'meets'), queue_id: 'other' },
      { ...label('bo', 'i3', 'meets'), owner_id: 'run-2' },
    ]);
    expect(back.byId.get('i2')).toMatchObject({ status: 'disagreement', final: null, adjudication: null });
    expect(back.byId.get('i3')?.decisions.map((d) => d.value)).toEqual(['contradicts']);
  });

  it('standing events leave out undone ones and the undos', () => {
    const all = [...events, ...later];
    const ids = standingEvents(all).map((e) => e.id);
    expect(ids).not.toContain(undo.id);
    expect(ids).not.toContain((events[5] as { id: string }).id);
    expect(ids).toHaveLength(all.length - 2);
  });

  it('undo reverses the person’s last standing event, then the one before', () => {
    const a = label('ann', 'i1', 'meets');
    const b = label('ann', 'i2', 'missing');
    expect(undoTarget('q', 'ann', [a, b])?.id).toBe(b.id);
    const u = ev('ann', 'i2', { kind: 'undo', undoes: b.id });
    expect(undoTarget('q', 'ann', [a, b, u])?.id).toBe(a.id);
    expect(undoTarget('q', 'ann', [a, b, u, ev('ann', 'i1', { kind: 'undo', undoes: a.id })])).toBeNull();
    expect(undoTarget('q', 'bo', [a, b])).toBeNull();
  });
});
