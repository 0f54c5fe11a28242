import { describe, expect, it } from 'vitest';
import { extractQuantities, type Quantity } from '../../text/quantities.js';
import { compareQuantities, sameQuantity } from './quantity-compare.js';

const one = (text: string): Quantity => {
  const qs = extractQuantities(text);
  expect(qs, `one quantity in ${JSON.stringify(text)}: ${JSON.stringify(qs)}`).toHaveLength(1);
  return qs[0]!;
};

describe('compareQuantities / sameQuantity', () => {
  const q = one;
  it('equates the same value in different forms', () => {
    expect(sameQuantity(q('90분'), q('1시간 30분'))).toBe(true);
    expect(sameQuantity(q('₩500,000'), q('50만 원'))).toBe(true);
    expect(sameQuantity(q('2026년 3월 1일'), q('March 1, 2026'))).toBe(true);
    expect(sameQuantity(q('$1.2k'), q('$1,200'))).toBe(true);
    expect(sameQuantity(q('90 seconds'), q('1.5 minutes'))).toBe(true);
  });

  it('tells different values of the same kind and unit from incomparable ones', () => {
    expect(compareQuantities(q('30분'), q('45분'))).toBe('different');
    expect(compareQuantities(q('30분'), q('30%'))).toBe('incomparable');
    expect(compareQuantities(q('₩500,000'), q('$500,000'))).toBe('incomparable');
    expect(compareQuantities(q('v2.1'), q('v2.10'))).toBe('different');
    expect(compareQuantities(q('2026-03-01'), q('2026-03-02'))).toBe('different');
  });

  it('treats a value inside a range and a less precise date as overlapping', () => {
    expect(compareQuantities(q('40분'), q('30~45분'))).toBe('overlap');
    expect(compareQuantities(q('50분'), q('30~45분'))).toBe('different');
    expect(compareQuantities(q('2026-03-01'), q('2026년 3월'))).toBe('overlap');
    expect(compareQuantities(q('2026-03-01'), q('2025년 3월'))).toBe('different');
  });

  it('states a day of the year without its year by that day in any year', () => {
    expect(compareQuantities(q('매년 11월 22일'), q('2020년 11월 22일'))).toBe('equal');
    expect(compareQuantities(q('on 15 May'), q('15 May 1889'))).toBe('equal');
    expect(compareQuantities(q('on 15 May'), q('16 May 1889'))).toBe('different');
  });

  it('converts miles, feet, pounds, degrees Fahrenheit and months, allowing for values rounded when converted', () => {
    expect(compareQuantities(q('4,800 km'), q('3,000 miles'))).toBe('equal');
    expect(compareQuantities(q('45 m'), q('150 ft'))).toBe('equal');
    expect(compareQuantities(q('17 to 20 kg'), q('38 to 44 lb'))).toBe('equal');
    expect(compareQuantities(q('430-485 °C'), q('800-900 °F'))).toBe('equal');
    expect(compareQuantities(q('1 month'), q('30 days'))).toBe('equal');
    expect(compareQuantities(q('8 months'), q('6 weeks'))).toBe('different');
    expect(compareQuantities(q('20 kg'), q('20 lb'))).toBe('different');
    // Seconds and minutes still convert exactly: 91 seconds are no 1.5 minutes.
    expect(compareQuantities(q('91 seconds'), q('1.5 minutes'))).toBe('different');
  });
});

describe('hedged values', () => {
  const q = one;
  it('reads a hedge in every language the judge reads', () => {
    for (const t of [
      'about a month',
      'around 30 km',
      'roughly 3 weeks',
      '약 3주',
      '3주 정도',
      '3주쯤',
      '約5キロメートル',
      '5キロメートルほど',
      '约5公里',
      '5公里左右',
      'aproximadamente 5 km',
      'environ 5 km',
      'etwa 5 km',
      '30 km or so',
    ]) {
      expect(q(t).approx, t).toBe(true);
    }
    expect(q('5 km').approx).toBeUndefined();
    expect(q('3주').approx).toBeUndefined();
  });

  it('lets a hedged value stand for what rounds to it, and still tells clearly different ones', () => {
    const cases: ReadonlyArray<readonly [string, string, string]> = [
      ['about three weeks', 'about a month', 'overlap'],
      ['약 3주', '한 달 정도', 'overlap'],
      ['about a month', 'six weeks', 'overlap'],
      ['about 1,000 km', '1,400 km', 'overlap'],
      // The edges: half a unit of the last significant digit written (30 → 25 to 35), inclusive.
      ['about 30 km', '35 km', 'overlap'],
      ['35 km', 'about 30 km', 'overlap'],
      ['about 30 km', '36 km', 'different'],
      ['about 1,000 km', '1,600 km', 'different'],
      ['about a month', 'two months', 'different'],
      ['about a week', 'a month', 'different'],
      ['about a week', 'about a month', 'different'],
      ['about 3 km', '5 km', 'different'],
      // A precise hedged value is narrow: 약 9.17m is no 12 m, "about 450 metres" no 503.
      ['약 9.17m', '약 12미터', 'different'],
      ['about 450 metres', '503 metres', 'different'],
      ['约72万平方米', '50万平方米', 'different'],
      ['environ 3 semaines', 'environ 3 mois', 'different'],
      // A hedged range is not widened again: "about 60 to 90 seconds" is no two to three minutes.
      ['about 60 to 90 seconds', 'about two to three minutes', 'different'],
      // Unhedged values are exact as before.
      ['30 km', '35 km', 'different'],
      ['three weeks', 'a month', 'different'],
    ];
    for (const [a, b, want] of cases) expect(compareQuantities(q(a), q(b)), `${a} / ${b}`).toBe(want);
  });

  it('lets a hedged year stand for two years either side', () => {
    expect(compareQuantities(q('around 1890'), q('1889'))).toBe('overlap');
    expect(compareQuantities(q('c. 1888'), q('1890'))).toBe('overlap');
    expect(compareQuantities(q('around 1890'), q('1893'))).toBe('different');
    expect(compareQuantities(q('1890'), q('1889'))).toBe('different');
  });
});

describe('キロ and 킬로 alone', () => {
  const q = one;
  it('reads as kilometres against a length and kilograms against a mass', () => {
    expect(compareQuantities(q('5キロ'), q('5 km'))).toBe('equal');
    expect(compareQuantities(q('5 kg'), q('5キロ'))).toBe('equal');
    expect(compareQuantities(q('5キロ'), q('7キロメートル'))).toBe('different');
    expect(compareQuantities(q('5킬로'), q('5킬로그램'))).toBe('equal');
    expect(compareQuantities(q('5キロ'), q('5キロ'))).toBe('equal');
    expect(compareQuantities(q('5キロ'), q('5時間'))).toBe('incomparable');
  });
});
