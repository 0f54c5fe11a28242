// Wall time of the judge-analysis routines on generated data (core only, no CLI, no I/O).
//   npm run build && node bench/analysis.bench.mjs            # default sizes, < 1 minute
//   node bench/analysis.bench.mjs --scale 2                   # everything twice as large
// Prints one JSON line of figures (milliseconds, counts).
import { parseArgs } from 'node:util';
import {
  analyzeAgreement,
  analyzeJudges,
  analyzeRepeatability,
  calibrate,
  kendallTauB,
  seededRandom,
  spearman,
} from '../packages/core/dist/index.js';

const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(args.scale);
const rnd = seededRandom(42);
const VERDICTS = ['meets', 'partially_meets', 'missing', 'contradicts'];
const pickVerdict = () => VERDICTS[(rnd() * 4) | 0];
const noisy = (v, p) => (rnd() < p ? pickVerdict() : v);
const time = (fn) => {
  const t0 = performance.now();
  const out = fn();
  return [Math.round(performance.now() - t0), out];
};

// Calibration: N checks, two annotators, one judge, 1,000 bootstrap resamples per interval.
const nCal = 20_000 * scale;
const human = [];
const judge = [];
for (let i = 0; i < nCal; i++) {
  const truth = pickVerdict();
  human.push({ item: `c${i}`, rater: 'human:a', label: noisy(truth, 0.1) });
  human.push({ item: `c${i}`, rater: 'human:b', label: noisy(truth, 0.1) });
  judge.push({ item: `c${i}`, rater: 'judge', label: noisy(truth, 0.3) });
}
const kinds = ['fact', 'member', 'step', 'option', 'aspect'];
const [calibrationMs, cal] = time(() =>
  calibrate({
    human,
    judge,
    labels: VERDICTS,
    positive: 'meets',
    facets: (item) => ({ kind: kinds[Number(item.slice(1)) % 5], tier: 'answer_critical' }),
    random: seededRandom(0),
  }),
);

// Agreement: items × 5 raters, per group.
const nAgree = 10_000 * scale;
const labels = [];
for (let i = 0; i < nAgree; i++) {
  const truth = pickVerdict();
  for (let r = 0; r < 5; r++)
    labels.push({ item: `i${i}`, rater: `r${r}`, label: noisy(truth, 0.2), group: `g${i % 4}` });
}
const [agreementMs] = time(() => analyzeAgreement(labels, { byGroup: true, reference: 'r0', random: seededRandom(0) }));

// A run: questions × models × settings × checks, judged by 3 judges (judges) or 3 times (repeatability).
const Q = 300 * scale;
const MODELS = ['gpt-4.1', 'claude-sonnet-4', 'gemini-2.5-pro', 'llama-3.3-70b', 'qwen3-32b', 'mistral-large'];
const CHECKS = 20;
const rubrics = Array.from({ length: Q }, (_, q) => ({
  question_id: `q${q}`,
  rubric_hash: 'a'.repeat(64),
  checks: Array.from({ length: CHECKS }, (_, c) => ({
    id: `I${c}.${c % 2 ? 'fact' : 'm1'}`,
    tier: ['answer_critical', 'valuable', 'context'][c % 3],
    text: `check ${c}`,
    item: `I${c}`,
    secondary: false,
    snippets: [],
    kind: c % 2 ? 'fact' : 'member',
  })),
}));
const runLines = (judges, samples) => {
  const out = [];
  for (const r of rubrics)
    for (const [mi, model] of MODELS.entries())
      for (const setting of ['multimodal', 'text_only'])
        for (const c of r.checks) {
          const truth = rnd() < 0.3 + mi * 0.08 ? 'meets' : pickVerdict();
          for (const judgeName of judges)
            for (let s = 0; s < samples; s++)
              out.push({
                question_id: r.question_id,
                model,
                setting,
                check_id: c.id,
                verdict: noisy(truth, 0.15),
                rationale: '',
                judge: judgeName,
                ...(samples > 1 && { sample: s }),
              });
        }
  return out;
};
const judgeLines = runLines(['openai:gpt-4.1', 'anthropic:claude-sonnet-4', 'google:gemini-2.5-pro'], 1);
const [judgesMs] = time(() => analyzeJudges({ rubrics, verdicts: judgeLines }));
const repeatLines = runLines(['openai:gpt-4.1'], 3);
const [repeatabilityMs] = time(() => analyzeRepeatability({ rubrics, verdicts: repeatLines }));

// Rank correlations on long series (tau-b is O(n²)).
const nCorr = 3000 * scale;
const xs = Array.from({ length: nCorr }, () => Math.round(rnd() * 100));
const ys = xs.map((x) => x + Math.round(rnd() * 40));
const [kendallMs] = time(() => kendallTauB(xs, ys));
const [spearmanMs] = time(() => spearman(xs, ys));

console.log(
  JSON.stringify({
    bench: 'analysis',
    scale,
    calibration: { checks: nCal, annotators: 2, resamples: 1000, ms: calibrationMs, kappa: cal.vs_majority.kappa },
    agreement: { items: nAgree, raters: 5, groups: 4, ms: agreementMs },
    judges: { verdict_lines: judgeLines.length, judges: 3, units: MODELS.length * 2, questions: Q, ms: judgesMs },
    repeatability: { verdict_lines: repeatLines.length, samples: 3, ms: repeatabilityMs },
    kendall_tau_b: { n: nCorr, ms: kendallMs },
    spearman: { n: nCorr, ms: spearmanMs },
  }),
);
