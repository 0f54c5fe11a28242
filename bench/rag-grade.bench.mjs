// Code part of wiki-QA grading (`gradeRag`): page/version mapping, chunk
// de-duplication, Recall@k, value checks, citation checks, metrics and
// aggregation, on a generated wiki with a labels judgment per question.
//   node bench/rag-grade.bench.mjs                    # 50,000 page versions, 5,000 questions
//   node bench/rag-grade.bench.mjs 100000 10000       # page versions, questions
// Needs the built packages (`npm run build`). Prints one JSON line: the
// in-process figures (code part of grading) and the end-to-end CLI run
// (`gamut rag score --judge labels:… --json`: read, validate, grade, print).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  AgentOutput,
  GoldenSet,
  goldenSetHash,
  gradeRag,
  RagJudgment,
  ragSnapshotId,
  WikiPage,
} from '../packages/core/dist/index.js';

const VERSIONS = Number(process.argv[2] ?? 50_000);
const QUESTIONS = Number(process.argv[3] ?? 5_000);
const PER_PAGE = 5; // 1 current + 3 historical, or 4 historical + archived for every 10th page
const PAGES = Math.floor(VERSIONS / PER_PAGE);
const K = 3;

// A small seeded generator: the same workload on every run.
let seed = 42;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (n) => Math.floor(rnd() * n);
const id = (i) => `PG-${String(i).padStart(6, '0')}`;

const t0 = performance.now();
const rawPages = [];
for (let i = 0; i < PAGES; i++) {
  const archived = i % 10 === 9;
  for (let v = 1; v <= PER_PAGE; v++) {
    const status = v < PER_PAGE ? 'historical' : archived ? 'archived' : 'current';
    rawPages.push({
      page_id: id(i),
      title: `문서 ${i} / Page ${i}`,
      status,
      version: v,
      space: `SP${i % 20}`,
      body: `P${(i % 4) + 1} 장애가 발생하면 담당자를 ${(i % 6) * 5 + 10}분 이내 호출한다. Version ${v} of page ${i}. 고객에게는 ${v * 10}분 이내 공지한다.`,
      format: 'text',
    });
  }
}
const live = (i) => (i % 10 === 9 ? i - 1 : i);
const rawQuestions = [];
const rawOutputs = [];
const rawJudgments = [];
for (let q = 0; q < QUESTIONS; q++) {
  const qid = `Q-${q}`;
  const kind = q % 10;
  const answerable = kind !== 9;
  const a = live(pick(PAGES));
  const b = live(pick(PAGES));
  const facts = answerable
    ? [
        {
          id: 'F1',
          fact: `담당자를 ${(a % 6) * 5 + 10}분 이내 호출`,
          page_ids: [id(a)],
          values: [`${(a % 6) * 5 + 10}분`],
        },
        { id: 'F2', fact: '고객에게 50분 이내 공지', page_ids: [id(b), id(live(pick(PAGES)))], values: ['50분'] },
      ]
    : [];
  rawQuestions.push({
    question_id: qid,
    question: `질문 ${q}: P1 장애 때 호출과 공지 시한은?`,
    answerable,
    type: answerable ? (kind < 5 ? 'single_page' : kind < 7 ? 'multi_page' : 'version_conflict') : 'unanswerable',
    origin: q % 3 === 0 ? 'real' : 'synthetic',
    required_facts: facts,
    gold_answer: '담당자는 제때 호출하고 고객에게는 50분 이내 공지한다.',
  });
  // 10 chunks: several of one page, an old version, an archived page, noise.
  const retrieved = [];
  const pagesHit = [a, a, pick(PAGES), b, pick(PAGES), 9, pick(PAGES), a, pick(PAGES), pick(PAGES)];
  pagesHit.forEach((p, r) => {
    retrieved.push({
      page_id: id(p),
      version: r === 4 ? 2 : PER_PAGE,
      chunk_id: `${id(p)}#${r}`,
      rank: r + 1,
      score: 1 - r / 20,
    });
  });
  const answer = answerable
    ? `담당자를 ${(a % 6) * 5 + 10}분 이내 호출합니다 [${id(a)}]. 고객에게는 ${q % 7 === 0 ? 60 : 50}분 이내 공지합니다 [${id(q % 5 === 0 ? 9 : b)}].`
    : '위키에서 확인할 수 없습니다.';
  rawOutputs.push({ question_id: qid, agent: 'bench-agent', retrieved, answer });
  rawJudgments.push({
    question_id: qid,
    facts: answerable ? { F1: 'meets', F2: q % 4 === 0 ? 'missing' : 'meets' } : {},
    claims: answerable
      ? [
          {
            text: '담당자 호출',
            key: true,
            supported: true,
            citations: [{ page_id: id(a), supports: true, location: 'sentence 1', reason: '' }],
          },
          {
            text: '고객 공지',
            key: true,
            supported: q % 6 !== 0,
            citations: [{ page_id: id(q % 5 === 0 ? 9 : b), supports: q % 8 !== 0, location: null, reason: '' }],
          },
        ]
      : [],
    abstained: !answerable || q % 13 === 0,
    correct: q % 4 !== 0,
  });
}
const genMs = performance.now() - t0;

// Schema validation of the inputs, as the CLI does before grading.
const t1 = performance.now();
const pages = rawPages.map((p) => WikiPage.parse(p));
const golden = GoldenSet.parse({ name: 'bench', version: '1', wiki_snapshot: 'bench', questions: rawQuestions });
const outputs = rawOutputs.map((o) => AgentOutput.parse(o));
const judgments = rawJudgments.map((j) => RagJudgment.parse(j));
const parseMs = performance.now() - t1;

// Hashes: the CLI gets them from the loaders (once per run), so they are timed apart.
const th = performance.now();
const goldenHash = goldenSetHash(golden);
const snapshotId = ragSnapshotId(pages);
const hashMs = performance.now() - th;

// The code part of grading.
const t2 = performance.now();
const cpu2 = process.cpuUsage();
const report = gradeRag({ golden, pages, outputs, judgments, k: K, snapshotId, goldenHash });
const gradeMs = performance.now() - t2;
// CPU time too: on a shared machine wall time mostly measures the neighbours.
const gradeCpu = process.cpuUsage(cpu2);
const gradeCpuMs = (gradeCpu.user + gradeCpu.system) / 1000;

const peakRssMb = process.resourceUsage().maxRSS / 1024;

// End to end through the CLI on files, with the labels judge.
const work = fileURLToPath(new URL('./.work/', import.meta.url));
mkdirSync(work, { recursive: true });
const jsonl = (xs) => `${xs.map((x) => JSON.stringify(x)).join('\n')}\n`;
const files = {
  wiki: `${work}rag-wiki.jsonl`,
  golden: `${work}rag-golden.json`,
  run: `${work}rag-run.jsonl`,
  labels: `${work}rag-labels.jsonl`,
};
writeFileSync(files.wiki, jsonl(rawPages));
writeFileSync(
  files.golden,
  JSON.stringify({ name: 'bench', version: '1', wiki_snapshot: 'bench', questions: rawQuestions }),
);
writeFileSync(files.run, jsonl(rawOutputs));
writeFileSync(files.labels, jsonl(rawJudgments));
const bin = fileURLToPath(new URL('../packages/cli/bin/gamut.js', import.meta.url));
const cli = await measure([
  bin,
  'rag',
  'score',
  '--golden',
  files.golden,
  '--wiki',
  files.wiki,
  '--run',
  files.run,
  '--judge',
  `labels:${files.labels}`,
  '--json',
]);
if (cli.code !== 0) {
  process.stderr.write(cli.stderr);
  process.exit(1);
}
process.stdout.write(
  `${JSON.stringify({
    bench: 'rag-grade',
    page_versions: pages.length,
    questions: report.questions.length,
    k: K,
    generate_ms: Math.round(genMs),
    parse_ms: Math.round(parseMs),
    hash_ms: Math.round(hashMs),
    grade_ms: Math.round(gradeMs),
    grade_questions_per_s: Math.round(report.questions.length / (gradeMs / 1000)),
    grade_cpu_ms: Math.round(gradeCpuMs),
    grade_questions_per_cpu_s: Math.round(report.questions.length / (gradeCpuMs / 1000)),
    parse_and_grade_questions_per_s: Math.round(report.questions.length / ((parseMs + gradeMs) / 1000)),
    peak_rss_mb: Math.round(peakRssMb),
    cli_seconds: Number(cli.seconds.toFixed(2)),
    cli_questions_per_s: Math.round(report.questions.length / cli.seconds),
    cli_peak_rss_mb: Math.round(cli.peakRssKb / 1024),
    pass_rate: report.summary.pass_rate,
    recall_at_k: report.summary.recall_at_k,
    flags: report.flags.length,
  })}\n`,
);

/** Wall time and peak RSS of a child node process (GNU time when present, else /proc polling). */
async function measure(args) {
  const useTime = existsSync('/usr/bin/time');
  const child = spawn(
    useTime ? '/usr/bin/time' : process.execPath,
    useTime ? ['-v', process.execPath, ...args] : args,
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => {
    stderr += d;
  });
  let hwm = 0;
  const timer = useTime
    ? undefined
    : setInterval(() => {
        try {
          const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) hwm = Math.max(hwm, Number(m[1]));
        } catch {}
      }, 20);
  const start = performance.now();
  const [code] = await once(child, 'close');
  const seconds = (performance.now() - start) / 1000;
  if (timer) clearInterval(timer);
  const timed = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  return { code, seconds, peakRssKb: timed ? Number(timed[1]) : hwm, stderr };
}
