import { describe, expect, it } from 'vitest';
import { checkFilterReply } from './question-filter.js';

const ok = { id: 'a', passes: true, failed: [], reason: 'fine' };
const leading = { id: 'b', passes: false, failed: ['stranger_test'], reason: 'presumes the entity is known' };

describe('checkFilterReply', () => {
  it('accepts a reply that judges every question once and picks a passing one', () => {
    const reply = { judgements: [ok, leading], pick: 'a', pick_reason: 'specific', boilerplate: false, proposals: [] };
    expect(checkFilterReply(reply, ['a', 'b'])).toEqual({ value: reply });
  });

  it('lists every rule the reply breaks', () => {
    const reply = {
      judgements: [
        ok,
        { id: 'b', passes: false, failed: [], reason: '' },
        { id: 'zz', passes: true, failed: [], reason: '' },
      ],
      pick: 'b',
      pick_reason: '',
      boilerplate: true,
      proposals: [],
    };
    expect(checkFilterReply(reply, ['a', 'b', 'c']).problems).toEqual([
      '"b" fails but names no requirement in "failed"',
      '"b" is rejected without a reason',
      'judgements names "zz", which is not one of the questions',
      '"c" has no judgement',
      'pick "b" is not a passing question',
      'propose new candidates: none passes or the pick is boilerplate',
    ]);
  });

  it('names an unknown requirement through the schema', () => {
    const reply = {
      judgements: [{ ...leading, failed: ['vibes'] }],
      pick: null,
      pick_reason: '',
      boilerplate: false,
      proposals: [],
    };
    expect(checkFilterReply(reply, ['b']).problems?.[0]).toMatch(/^judgements\[0\]\.failed\[0\]: /);
  });
});
