export { type BootstrapOptions, bootstrapMeanCi, bootstrapMeanCiSeeded, DEFAULT_RESAMPLES } from './bootstrap.js';
export * from './params.js';
export { MAX_ISSUES, ScoreAccumulator } from './score-accumulator.js';
export * from './score-report.js';
export * from './score-verdicts.js';
export { type ScoredRun, type ScoreOptions, toScoreReport } from './scored-run.js';
export * from './seeded-random.js';
export * from './tier-score.js';
