import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../text/analyze-text.js';
import { expectVerdicts as table } from './offline-table.test-helpers.js';
import { isDecade, isFractionOf, isOrdinal, roundsTo, widenedRange } from './value-shapes.js';

describe('value shapes the extraction reads too narrowly', () => {
  it('widens a range whose start is a word ("three to four hours" is 180 to 240 minutes)', () => {
    const a = analyzeText('It takes three to four hours.');
    const q = widenedRange(a, a.quantities[0]!);
    expect([q.value, q.max]).toEqual([180, 240]);
    const b = analyzeText('It takes 3 to 4 hours.');
    expect(widenedRange(b, b.quantities[0]!)).toBe(b.quantities[0]!.quantity);
  });

  it('knows a decade and an ordinal', () => {
    const a = analyzeText('It was painted in the 1880s.');
    expect(isDecade(a, a.quantities[0]!)).toBe(true);
    const b = analyzeText('2번째로 먹습니다.');
    expect(isOrdinal(b, b.quantities[0]!)).toBe(true);
    // Written in words, the ordinal is no value at all.
    expect(analyzeText('두 번째로 먹습니다.').quantities).toEqual([]);
  });

  it('reads "a second" before a noun as an ordinal and the whole of a fraction as no value', () => {
    const ordinal = analyzeText('Let it rest for a second rise.');
    expect(isOrdinal(ordinal, ordinal.quantities[0]!)).toBe(true);
    const moment = analyzeText('Wait a second or two.');
    expect(isOrdinal(moment, moment.quantities[0]!)).toBe(false);
    const part = analyzeText('It shuts in a fraction of a second.');
    expect(isFractionOf(part, part.quantities[0]!)).toBe(true);
    const whole = analyzeText('It shuts in a second.');
    expect(isFractionOf(whole, whole.quantities[0]!)).toBe(false);
  });

  it('neither contradicts with an ordinal, a fraction or the century a date falls in (EN)', () => {
    table([
      [
        'fact',
        'It bakes for 60 to 90 seconds',
        'Let the balls rest for a second rise, then bake them.',
        'partially_meets',
      ],
      [
        'fact',
        'The trap closes in about 0.1 seconds',
        // A tenth of a second is read whole: 0.1 s.
        'The trap closes in about a tenth of a second.',
        'meets',
      ],
      [
        'fact',
        'Divide the dough into balls for a second rise',
        'Divide the dough into balls for a second rise.',
        'meets',
      ],
      ['fact', 'It was painted in June 1889', 'It was painted in the late 1800s.', 'partially_meets'],
      ['fact', 'It was painted in June 1889', 'It was painted in the 1900s.', 'contradicts'],
      ['fact', 'It was painted in June 1889', 'It was painted in the 1870s.', 'contradicts'],
    ]);
  });

  it('reads a measure within a few per cent as close, but not a date or a count (EN)', () => {
    table([
      ['fact', 'The tower is 330 m tall', 'The tower is 324 m tall.', 'partially_meets'],
      ['fact', 'The tower is 330 m tall', 'The tower is 300 m tall.', 'contradicts'],
      ['fact', 'The tower was completed in 1889', 'The tower was completed in 1887.', 'contradicts'],
      ['fact', 'The palace has 7,700 rooms', 'The palace has 7,500 rooms.', 'contradicts'],
    ]);
  });

  it('rounds to the check’s last digit only', () => {
    const [km] = analyzeText('2.7 km').quantities;
    const [m] = analyzeText('2,737 m').quantities;
    const [far] = analyzeText('2,800 m').quantities;
    expect(roundsTo(km!.quantity, m!.quantity)).toBe(true);
    expect(roundsTo(km!.quantity, far!.quantity)).toBe(false);
    expect(roundsTo(m!.quantity, km!.quantity)).toBe(false);
  });

  it('judges such values as agreeing, and others still as conflicts (EN, KO)', () => {
    table([
      [
        'fact',
        'States that the glaze takes about 3 hours to set',
        'The glaze takes three to four hours to set.',
        'partially_meets',
      ],
      ['fact', 'States that the larvae live two to six weeks', 'The larvae live about two weeks.', 'meets'],
      ['fact', 'States that the larvae live two to six weeks', 'The larvae live about ten weeks.', 'contradicts'],
      ['fact', 'States that the chapel was painted in 1508', 'The chapel was painted in the 1500s.', 'partially_meets'],
      ['fact', 'States that the dam is 2.3 km long', 'The dam is 2,312 m long.', 'meets'],
      ['fact', 'States that the dam is 2.3 km long', 'The dam is 2,900 m long.', 'contradicts'],
      ['fact', 'States that the feature came in version 4.2', 'The feature came in version 4.2.1.', 'meets'],
      ['fact', '약은 하루 세 번 먹는다고 말한다', '약은 하루 세 번 먹고, 두 번째는 점심에 먹습니다.', 'meets'],
      ['fact', '약은 하루 세 번 먹는다고 말한다', '두 번째 약은 점심에 먹습니다.', 'missing'],
    ]);
  });
});

describe('bounds said by a Korean verb after its particle', () => {
  it('reads 넘는다 as more than and 안 된다 as less than, as the English bounds are read', () => {
    table(
      [
        ['fact', '둘레길은 길이가 10km이다', '둘레길은 길이가 8km가 넘는다.', 'partially_meets'],
        ['fact', '둘레길은 길이가 10km이다', '둘레길은 길이가 12km를 넘는다.', 'contradicts'],
        // As "less than 5 km" against 10 km: an upper bound below the check's value is left unstated.
        ['fact', '둘레길은 길이가 10km이다', '둘레길은 길이가 5km가 안 된다.', 'partially_meets'],
        ['fact', '둘레길은 길이가 4km이다', '둘레길은 길이가 5km가 안 된다.', 'partially_meets'],
      ],
      '둘레길은 얼마나 긴가?',
    );
  });
});

describe('a height stated with another verb', () => {
  it('reads rise, tall, high and 높이 as one predicate of height', () => {
    table(
      [
        ['fact', 'The towers rise 227 metres above the water', 'Its towers are 150 m tall.', 'contradicts'],
        ['fact', 'The towers rise 227 metres above the water', 'Its towers are 227 m tall.', 'partially_meets'],
        // Another thing's height, and a length that is no height, stay apart.
        ['fact', 'The towers rise 227 metres above the water', 'Its main span is 1,280 m long.', 'missing'],
        ['fact', '탑의 높이는 55m이다', '이 탑은 높이가 40m에 이른다.', 'contradicts'],
        ['fact', '탑의 높이는 55m이다', '이 탑은 55m 높이로 서 있다.', 'meets'],
      ],
      'How tall are the towers?',
    );
  });
});

describe('a value of two units', () => {
  it('reads no rounding into a value of two units (2 hours 30 minutes is not "about 3 hours")', () => {
    table([
      ['fact', 'The journey takes 2 hours 30 minutes', 'The journey lasts three hours.', 'contradicts'],
      ['fact', '여행은 1시간 30분 걸린다', '여행은 3시간 걸린다.', 'contradicts'],
      ['fact', 'The journey takes 2 hours 30 minutes', 'The journey takes two and a half hours.', 'meets'],
    ]);
  });
});
