import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { parseScoreOptions } from './score-options.js';

const issuesOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (InputError.isInputError(e)) return e.issues.map((i) => i.message);
  }
  return [];
};

describe('parseScoreOptions', () => {
  it('turns option strings into numbers and breakdown keys, each key once', () => {
    expect(
      parseScoreOptions({
        rubrics: 'r.jsonl',
        verdicts: 'v.jsonl',
        lambda: '0.4',
        mu: '-1.5',
        weights: '0.5,0.3,0.2',
        seed: '7',
        resamples: '200',
        sample: '1',
        failUnder: '0.6',
        by: 'tier, domain,tier',
      }),
    ).toEqual({
      params: { lambda: 0.4, mu: -1.5, weights: { answer_critical: 0.5, valuable: 0.3, context: 0.2 } },
      seed: 7,
      resamples: 200,
      sample: 1,
      failUnder: 0.6,
      by: ['tier', 'domain'],
    });
  });

  it('lists every malformed option at once, with a hint for a percentage', () => {
    expect(
      issuesOf(() =>
        parseScoreOptions({ rubrics: 'r', verdicts: 'v', lambda: 'x', seed: '1.5', failUnder: '60', by: 'week' }),
      ),
    ).toEqual([
      '--lambda expects a number, got "x"',
      '--seed expects an integer, got "1.5"',
      '--fail-under takes a fraction in [-1, 1], got 60; did you mean 0.6?',
      '--by takes tier, domain, popularity; got "week"',
    ]);
  });

  it('wants the verdicts from exactly one place, and --run only with --store', () => {
    expect(issuesOf(() => parseScoreOptions({ rubrics: 'r', verdicts: 'v', store: '.gamut' }))).toEqual([
      'score needs its verdicts from one place: --verdicts <file>, or --store <dir|url> (with --run <name>)',
    ]);
    expect(issuesOf(() => parseScoreOptions({ rubrics: 'r', verdicts: 'v', run: 'r1' }))).toEqual([
      '--run names a run in a store: pass --store <dir|url> too',
    ]);
  });
});
