// Agreement of the offline judge (lexical baseline) with the hand labels in fixtures/gamut.
//   npm run build && node bench/offline-agreement.mjs
//   node bench/offline-agreement.mjs --labels fixtures/gamut/human-labels.jsonl --options '{"meets":0.7}'
//   node bench/offline-agreement.mjs --disagreements 20     # also list 20 disagreeing cases
//   node bench/offline-agreement.mjs --questions '^q-(en-0[1357]|ko-0[13])$'   # tuning half (look only at this one)
//   node bench/offline-agreement.mjs --questions '^q-(en-0[2468]|ko-0[24])$'   # held-out half (measure, never tune)
// Any labelled set in the same formats, e.g. our own development set for the contradiction rules:
//   node bench/offline-agreement.mjs --labels fixtures/offline-dev/human-labels.jsonl \
//     --metas fixtures/offline-dev/meta-rubrics.jsonl --answers fixtures/offline-dev/answers.jsonl --disagreements 50
// Prints a table (accuracy, macro-F1, Cohen's kappa on the four verdicts and on meets-vs-not;
// overall, per check kind, per language) and one JSON line with the same figures.
// Kappa, macro-F1 and the confusion counts come from the analysis module (@gamut/core).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  analyzeText,
  classMetrics,
  cohenKappa,
  compileMetaRubric,
  confusionMatrix,
  judgeOffline,
  macroF1,
  parseMetaRubric,
} from '../packages/core/dist/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    labels: { type: 'string', default: `${root}fixtures/gamut/human-labels.jsonl` },
    metas: { type: 'string', default: `${root}fixtures/gamut/meta-rubrics.jsonl` },
    answers: { type: 'string', default: `${root}fixtures/gamut/answers.jsonl` },
    options: { type: 'string', default: '{}' },
    disagreements: { type: 'string', default: '0' },
    // A regular expression on question ids: agreement on a subset (e.g. a held-out half).
    questions: { type: 'string', default: '' },
  },
});
const judgeOptions = JSON.parse(args.options);
const VERDICTS = ['meets', 'partially_meets', 'missing', 'contradicts'];

const jsonl = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

const metas = new Map();
const checks = new Map();
for (const raw of jsonl(args.metas)) {
  const parsed = parseMetaRubric(raw);
  if (parsed.issues) throw new Error(`bad meta-rubric ${raw.question_id}: ${JSON.stringify(parsed.issues)}`);
  metas.set(parsed.value.question_id, parsed.value);
  for (const c of compileMetaRubric(parsed.value).checks) checks.set(`${parsed.value.question_id}|${c.id}`, c);
}
const answers = new Map();
for (const a of jsonl(args.answers))
  answers.set(`${a.question_id}|${a.model}|${a.setting ?? 'multimodal'}`, a.response);

const pairs = [];
const problems = [];
const analysed = new Map();
const t0 = performance.now();
// CPU time, not wall time: on a shared machine the wall clock mostly measures the neighbours.
const cpu0 = process.cpuUsage();
const only = args.questions ? new RegExp(args.questions) : null;
for (const label of jsonl(args.labels)) {
  if (only && !only.test(label.question_id)) continue;
  const setting = label.setting ?? 'multimodal';
  const meta = metas.get(label.question_id);
  const check = checks.get(`${label.question_id}|${label.check_id}`);
  const answerKey = `${label.question_id}|${label.model}|${setting}`;
  const response = answers.get(answerKey);
  if (!meta || !check || response === undefined || !VERDICTS.includes(label.verdict)) {
    problems.push(`${label.question_id} ${label.model} ${setting} ${label.check_id}`);
    continue;
  }
  if (!analysed.has(answerKey)) analysed.set(answerKey, analyzeText(response));
  // As `gamut demo` does: the original question in both settings (see commands/demo/demo-evaluation.ts).
  const question = meta.question;
  const r = judgeOffline(
    { answer: analysed.get(answerKey), check, question, subject: meta.entity, language: meta.language },
    judgeOptions,
  );
  pairs.push({
    gold: label.verdict,
    pred: r.verdict,
    kind: check.kind,
    language: meta.language ?? 'en',
    id: `${label.question_id} ${label.model} ${setting} ${label.check_id}`,
    rationale: r.rationale,
    check: check.content ?? check.text,
  });
}
const judgeMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMsPerCheck = pairs.length ? (cpu.user + cpu.system) / 1000 / pairs.length : null;

function stats(list, classes) {
  const n = list.length;
  if (n === 0) return { n: 0, accuracy: null, macro_f1: null, kappa: null };
  const gold = list.map((p) => p.gold);
  const pred = list.map((p) => p.pred);
  const { agreement, kappa } = cohenKappa(gold, pred);
  // Macro-F1 over the classes that occur in the labels or the predictions.
  return { n, accuracy: agreement, macro_f1: macroF1(classMetrics(confusionMatrix(gold, pred, classes))), kappa };
}

const binary = (list) =>
  list.map((p) => ({ gold: p.gold === 'meets' ? 'meets' : 'not', pred: p.pred === 'meets' ? 'meets' : 'not' }));
const row = (group, list) => ({
  group,
  four: stats(list, VERDICTS),
  meets_vs_not: stats(binary(list), ['meets', 'not']),
});

const groupBy = (key) => {
  const m = new Map();
  for (const p of pairs) m.set(p[key], [...(m.get(p[key]) ?? []), p]);
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
};
const rows = [
  row('all', pairs),
  ...groupBy('kind').map(([k, l]) => row(`kind=${k}`, l)),
  ...groupBy('language').map(([k, l]) => row(`language=${k}`, l)),
];
const confusion = Object.fromEntries(
  VERDICTS.map((g) => [
    g,
    Object.fromEntries(VERDICTS.map((p) => [p, pairs.filter((x) => x.gold === g && x.pred === p).length])),
  ]),
);

// The two figures the offline judge is held to: how many human contradictions it finds, and how
// rarely it calls a human `meets` a contradiction.
const rate = (num, den) => ({ n: num, of: den, rate: den ? num / den : null });
const targets = {
  contradiction_recall: rate(
    confusion.contradicts.contradicts,
    VERDICTS.reduce((s, p) => s + confusion.contradicts[p], 0),
  ),
  meets_called_contradicts: rate(
    confusion.meets.contradicts,
    VERDICTS.reduce((s, p) => s + confusion.meets[p], 0),
  ),
};

const f = (x) => (x === null ? '   –  ' : x.toFixed(3).padStart(6));
console.log('offline judge (lexical baseline) vs human labels');
console.log(
  `labels: ${args.labels}${only ? ` questions: /${args.questions}/` : ''}  pairs: ${pairs.length}  skipped: ${problems.length}  options: ${JSON.stringify(judgeOptions)}`,
);
console.log('');
console.log(`${'group'.padEnd(26)}${'n'.padStart(5)} | 4-way: acc  macroF1  kappa | meets-vs-not: acc  macroF1  kappa`);
for (const r of rows) {
  console.log(
    `${r.group.padEnd(26)}${String(r.four.n).padStart(5)} |    ${f(r.four.accuracy)} ${f(r.four.macro_f1)} ${f(r.four.kappa)} |          ${f(r.meets_vs_not.accuracy)} ${f(r.meets_vs_not.macro_f1)} ${f(r.meets_vs_not.kappa)}`,
  );
}
console.log('');
console.log(`confusion (rows: human, columns: offline)  ${VERDICTS.map((v) => v.slice(0, 9).padStart(10)).join('')}`);
for (const g of VERDICTS)
  console.log(`${g.padEnd(42)}${VERDICTS.map((p) => String(confusion[g][p]).padStart(10)).join('')}`);
const showRate = (r) => `${r.n}/${r.of} = ${r.rate === null ? '–' : r.rate.toFixed(3)}`;
console.log('');
console.log(`contradiction recall (human contradicts found): ${showRate(targets.contradiction_recall)}`);
console.log(`human meets called contradicts: ${showRate(targets.meets_called_contradicts)}`);
console.log(
  `time: ${judgeMs.toFixed(0)} ms wall, ${cpuMsPerCheck === null ? '–' : cpuMsPerCheck.toFixed(3)} ms CPU per check (answers analysed once each, first run included)`,
);
const nDis = Number(args.disagreements);
if (nDis > 0) {
  console.log('');
  for (const p of pairs.filter((x) => x.gold !== x.pred).slice(0, nDis)) {
    console.log(`${p.id}: human ${p.gold}, offline ${p.pred}\n  check: ${p.check}\n  ${p.rationale}`);
  }
}
if (problems.length)
  console.log(`\nskipped labels (unknown question, check or answer): ${problems.slice(0, 10).join('; ')}`);
console.log(
  JSON.stringify({
    bench: 'offline-agreement',
    questions: args.questions || null,
    pairs: pairs.length,
    skipped: problems.length,
    judge_ms: Math.round(judgeMs),
    cpu_ms_per_check: cpuMsPerCheck,
    options: judgeOptions,
    rows,
    confusion,
    targets,
  }),
);
