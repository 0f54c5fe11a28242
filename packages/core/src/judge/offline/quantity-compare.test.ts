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
