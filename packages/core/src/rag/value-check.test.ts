import { describe, expect, it } from 'vitest';
import { applyValueCheck, checkFactValues } from './value-check.js';

describe('fact value checks (values read by the offline judge’s extractor)', () => {
  it('the same quantity in other words is stated', () => {
    expect(checkFactValues({ fact: { values: ['60분'] }, answer: 'Notify within 1 hour.' })).toEqual({
      stated: ['60분'],
      missing: [],
      conflicts: [],
    });
    expect(checkFactValues({ fact: { values: ['50,000원'] }, answer: '5만 원을 환불합니다.' }).stated).toEqual([
      '50,000원',
    ]);
  });

  it('a different value of the same kind conflicts; a different kind does not', () => {
    expect(checkFactValues({ fact: { values: ['30분'] }, answer: '60분 이내 공지' }).conflicts).toEqual([
      { value: '30분', found: '60분' },
    ]);
    expect(checkFactValues({ fact: { values: ['30분'] }, answer: '3명에게 공지' }).conflicts).toEqual([]);
    expect(checkFactValues({ fact: { values: ['v2.4'] }, answer: 'agent v2.5 is required' }).conflicts).toHaveLength(1);
  });

  it('a literal value must not be part of a longer number', () => {
    expect(checkFactValues({ fact: { values: ['5분'] }, answer: '15분 이내 호출' })).toEqual({
      stated: [],
      missing: ['5분'],
      conflicts: [{ value: '5분', found: '15분' }],
    });
    expect(checkFactValues({ fact: { values: ['1,500원'] }, answer: '수수료는 1500원입니다.' }).stated).toEqual([
      '1,500원',
    ]);
  });

  it('another fact’s value is not a conflict', () => {
    const c = checkFactValues({
      fact: { values: ['30분'] },
      answer: '담당자를 15분 이내 호출합니다.',
      otherValues: ['15분'],
    });
    expect(c).toEqual({ stated: [], missing: ['30분'], conflicts: [] });
  });

  it('overrides: conflict → contradicts; a value missing keeps meets from standing', () => {
    expect(
      applyValueCheck('meets', { stated: [], missing: ['30분'], conflicts: [{ value: '30분', found: '60분' }] }),
    ).toBe('contradicts');
    expect(applyValueCheck('meets', { stated: ['a'], missing: ['b'], conflicts: [] })).toBe('partially_meets');
    expect(applyValueCheck('meets', { stated: [], missing: ['b'], conflicts: [] })).toBe('missing');
    expect(applyValueCheck('missing', { stated: ['a'], missing: [], conflicts: [] })).toBe('missing');
  });
});
