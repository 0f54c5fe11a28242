// Compile throughput: 10,000 generated meta-rubrics (deterministic, every item type, varied sizes)
// through the built core. Usage: node bench/compile.bench.mjs [count]   (run `npm run build` first)
import { hash } from 'node:crypto';
import { loadavg } from 'node:os';
import { canonicalJson, compileMetaRubric, parseMetaRubric } from '../packages/core/dist/index.js';

const COUNT = Number(process.argv[2] ?? 10_000);

// Small LCG so every run compiles the same inputs.
let state = 42;
const rand = () => {
  state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
  return state / 2 ** 32;
};
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (xs) => xs[int(0, xs.length - 1)];
const TIERS = ['answer_critical', 'valuable', 'context'];
const words = (n) =>
  Array.from({ length: n }, () =>
    pick(['slow', 'red', 'wine', 'beef', 'old', 'river', 'stone', 'north', 'bread', 'salt']),
  ).join(' ');

function item(id, snippets) {
  const tier = pick(TIERS);
  const refs = rand() < 0.5 ? [pick(snippets)] : undefined;
  const insights = rand() < 0.3 ? [{ text: words(5), ...(rand() < 0.5 && { tier: pick(TIERS) }) }] : undefined;
  switch (int(0, 5)) {
    case 0:
      return { id, type: 'fact', tier, text: words(6), snippets: refs };
    case 1:
      return {
        id,
        type: 'strict_list',
        tier,
        text: words(3),
        members: Array.from({ length: int(1, 6) }, () => ({ text: words(2) })),
        insights,
      };
    case 2: {
      const n = int(2, 14);
      const b = int(1, Math.min(3, n));
      return {
        id,
        type: 'flexible_list',
        tier,
        text: words(4),
        members: Array.from({ length: n }, () => ({ text: words(2), snippets: refs })),
        baseline: [b],
        insights,
      };
    }
    case 3:
      return {
        id,
        type: 'process',
        tier,
        text: words(4),
        steps: Array.from({ length: int(1, 6) }, () => ({ text: words(4), required: rand() < 0.7 })),
        insights,
      };
    case 4:
      return {
        id,
        type: 'relationship',
        tier,
        text: words(3),
        entity: words(2),
        aspects: Array.from({ length: int(1, 3) }, () => ({ text: words(5) })),
      };
    default:
      return { id, type: 'meta_insight', tier, text: words(7) };
  }
}

function metaRubric(i) {
  const snippets = Array.from({ length: int(1, 5) }, (_, j) => ({
    id: `S${j + 1}`,
    url: `https://example.org/${i}/${j}`,
    text: words(20),
  }));
  const ids = snippets.map((s) => s.id);
  return {
    question_id: `q-${i}`,
    question: `${words(8)}?`,
    language: rand() < 0.3 ? 'ko' : 'en',
    entity: words(2),
    domain: pick(['food', 'plants', 'vehicles']),
    snippets,
    items: Array.from({ length: int(3, 12) }, (_, j) => item(`I${j + 1}`, ids)),
  };
}

const inputs = Array.from({ length: COUNT }, (_, i) => metaRubric(i));
// As `gamut compile` passes it: node:crypto's one-shot SHA-256.
const nodeSha256 = (text) => hash('sha256', text, 'hex');

/** Wall time, and CPU time of this process (steadier when other work shares the machine). */
function timed(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { result, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}
const rate = (n, ms) => Math.round(n / (ms / 1000));

const parse = timed(() =>
  inputs.map((m) => {
    const r = parseMetaRubric(m);
    if (!r.value) throw new Error(`generator produced an invalid meta-rubric: ${JSON.stringify(r.issues[0])}`);
    return r.value;
  }),
);
const parsed = parse.result;
const bytes = parsed.reduce((n, m) => n + canonicalJson(m).length, 0);

// Warm up, then time compilation alone (what `gamut compile` does after parsing):
// with the portable SHA-256 (the default, browser-safe) and with node:crypto's, as the CLI passes it.
for (const m of parsed.slice(0, 500)) compileMetaRubric(m);
const count = (opts) => () => parsed.reduce((n, m) => n + compileMetaRubric(m, opts).checks.length, 0);
const portable = timed(count({}));
const native = timed(count({ sha256Hex: nodeSha256 }));
const checks = portable.result;

console.log(
  JSON.stringify({
    bench: 'compile',
    rubrics: COUNT,
    checks,
    avg_canonical_bytes: Math.round(bytes / COUNT),
    loadavg_1m: Number(loadavg()[0].toFixed(2)),
    parse_rubrics_per_s: rate(COUNT, parse.wallMs),
    compile_rubrics_per_s: rate(COUNT, portable.wallMs),
    compile_checks_per_s: rate(checks, portable.wallMs),
    compile_rubrics_per_cpu_s: rate(COUNT, portable.cpuMs),
    compile_node_sha256_rubrics_per_s: rate(COUNT, native.wallMs),
    compile_node_sha256_rubrics_per_cpu_s: rate(COUNT, native.cpuMs),
    compile_node_sha256_checks_per_s: rate(checks, native.wallMs),
  }),
);
