#!/usr/bin/env node
// The HTML report and `gamut view` at scale: a generated run of 2,000 questions
// × 5 models × 40 checks (one setting). Measures `gamut report` wall time, the
// report's size, time to first render in Chromium (navigation start → the
// leaderboard's rows in the DOM), time to open a drill-down question, and the
// viewer API's latency (p50/p95). Targets: < 2 s to first render, < 15 MB.
// Needs `npm run build` and /usr/bin/chromium (or CHROMIUM_PATH).
// Options (env): QUESTIONS, MODELS, CHECKS, SETTINGS (1 or 2), REQUESTS.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'packages/cli/bin/gamut.js');
const Q = Number(process.env.QUESTIONS ?? 2000);
const M = Number(process.env.MODELS ?? 5);
const K = Number(process.env.CHECKS ?? 40);
const SETTINGS = Number(process.env.SETTINGS ?? 1) === 2 ? ['multimodal', 'text_only'] : ['multimodal'];
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WORK = join(ROOT, 'bench/.work/report');
const RUN = join(WORK, 'run');

// A small deterministic RNG so every run generates the same data.
let seed = 42;
const rnd = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const EN =
  'the dish is braised slowly in red wine with onions mushrooms and bacon until the beef is tender and the sauce is glossy'.split(
    ' ',
  );
const KO =
  '이 음식은 배추와 무를 소금에 절인 뒤 고춧가루 마늘 생강 젓갈로 양념하여 발효시킨 한국의 대표적인 반찬입니다'.split(
    ' ',
  );
const sentence = (words, n) => `${Array.from({ length: n }, () => pick(words)).join(' ')}.`;
const VERDICTS = ['meets', 'partially_meets', 'missing', 'contradicts'];

function generate() {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(RUN, { recursive: true });
  const models = Array.from({ length: M }, (_, i) => `model-${i + 1}`);
  const metas = [];
  const rubrics = [];
  const answers = [];
  const verdicts = [];
  const hash = 'c'.repeat(64);
  for (let q = 0; q < Q; q++) {
    const ko = q % 5 === 0;
    const words = ko ? KO : EN;
    const qid = `q-${String(q).padStart(5, '0')}`;
    const items = [];
    const checks = [];
    for (let i = 0; i < K / 4; i++) {
      const members = Array.from({ length: 4 }, () => ({ text: sentence(words, 3).slice(0, -1), snippets: ['S1'] }));
      items.push({
        id: `I${i + 1}`,
        type: 'strict_list',
        tier: pick(['answer_critical', 'valuable', 'context']),
        text: sentence(words, 5),
        members,
      });
      for (const [j, m] of members.entries()) {
        checks.push({
          id: `I${i + 1}.m${j + 1}`,
          kind: 'member',
          tier: items[i].tier,
          secondary: false,
          text: `Mentions ${m.text} as part of the list.`,
          item: `I${i + 1}`,
          snippets: ['S1'],
        });
      }
    }
    const domain = pick(['food', 'art', 'places', 'nature', 'objects']);
    metas.push({
      question_id: qid,
      question: sentence(words, 12),
      language: ko ? 'ko' : 'en',
      domain,
      popularity: pick(['head', 'torso', 'tail']),
      snippets: [1, 2, 3].map((s) => ({
        id: `S${s}`,
        url: `https://example.org/${qid}/${s}`,
        title: sentence(words, 4),
        text: sentence(words, 30),
      })),
      items,
    });
    rubrics.push({ question_id: qid, rubric_hash: hash, language: ko ? 'ko' : 'en', domain, checks });
    for (const model of models) {
      for (const setting of SETTINGS) {
        const sentences = Array.from({ length: 10 }, () => sentence(words, 18));
        answers.push({ question_id: qid, model, setting, response: sentences.join(' ') });
        const skill = models.indexOf(model) / M;
        checks.forEach((c) => {
          const r = rnd();
          const verdict = r > 0.15 + skill * 0.5 ? 'meets' : pick(VERDICTS);
          verdicts.push({
            question_id: qid,
            model,
            setting,
            check_id: c.id,
            verdict,
            rationale: `The answer ${verdict === 'meets' ? 'states' : 'does not clearly state'} ${sentence(words, 6)}`,
            quote: verdict === 'missing' ? undefined : pick(sentences),
            judge: 'bench-judge',
          });
        });
      }
    }
  }
  const jsonl = (xs) => `${xs.map((x) => JSON.stringify(x)).join('\n')}\n`;
  writeFileSync(join(RUN, 'meta-rubrics.jsonl'), jsonl(metas));
  writeFileSync(join(RUN, 'rubrics.jsonl'), jsonl(rubrics));
  writeFileSync(join(RUN, 'answers.jsonl'), jsonl(answers));
  writeFileSync(join(RUN, 'verdicts.jsonl'), jsonl(verdicts));
  // Last, as `gamut run` does: without it the directory is an incomplete run.
  writeFileSync(
    join(RUN, 'manifest.json'),
    JSON.stringify({
      run_id: 'report-bench',
      toolkit_version: '0.1.0',
      dataset_hash: 'bench',
      rubric_hashes: Object.fromEntries(rubrics.map((r) => [r.question_id, r.rubric_hash])),
      models,
      judges: [{ spec: 'bench-judge' }],
      lambda: 0.5,
      mu: -2,
      weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
      seed: 0,
      started_at: new Date().toISOString(),
    }),
  );
  return {
    verdicts: verdicts.length,
    answers: answers.length,
    inputBytes: statSync(join(RUN, 'verdicts.jsonl')).size + statSync(join(RUN, 'answers.jsonl')).size,
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (x) => Math.round(x * 10) / 10;

async function firstRender(browser, url) {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const mark = () => {
      if (!window.__firstRow && document.querySelector('[data-testid="lb-row"]')) window.__firstRow = performance.now();
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForSelector('[data-testid="lb-row"]', { timeout: 60_000 });
  const ms = await page.evaluate(() => window.__firstRow);
  // Drill-down: the first question's checks, including decoding the embedded details.
  const t0 = Date.now();
  await page.evaluate(() => {
    window.location.hash = '#/questions/q-00001';
  });
  await page.waitForSelector('[data-testid="check-row"]', { timeout: 60_000 });
  const drill = Date.now() - t0;
  // The virtualised list keeps the DOM small.
  await page.evaluate(() => {
    window.location.hash = '#/questions';
  });
  await page.waitForSelector('[data-testid="question-row"]');
  const rows = await page.locator('[data-testid="question-row"]').count();
  await page.close();
  return { ms, drill, rows };
}

async function main() {
  const gen = generate();
  const out = join(WORK, 'report.html');
  let t = Date.now();
  const rep = spawnSync(process.execPath, [BIN, 'report', RUN, '-o', out], { encoding: 'utf8' });
  if (rep.status !== 0) throw new Error(`gamut report failed: ${rep.stderr}`);
  const reportMs = Date.now() - t;
  const bytes = statSync(out).size;

  const profile = join(tmpdir(), `gamut-bench-${process.pid}`);
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const renders = [];
  for (let i = 0; i < 3; i++) renders.push(await firstRender(browser, pathToFileURL(out).href));

  t = Date.now();
  const server = spawn(process.execPath, [BIN, 'view', RUN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve, reject) => {
    let buf = '';
    server.stdout.setEncoding('utf8').on('data', (d) => {
      buf += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(buf);
      if (m) resolve(m[0]);
    });
    server.on('exit', (c) => reject(new Error(`gamut view exited ${c}`)));
  });
  const viewStartMs = Date.now() - t;
  const viewRender = await firstRender(browser, base);
  await browser.close();
  rmSync(profile, { recursive: true, force: true });

  const endpoints = {
    summary: () => 'api/summary',
    question: () => `api/questions/q-${String(Math.floor(rnd() * Q)).padStart(5, '0')}`,
    answers: () => `api/answers?model=model-${1 + Math.floor(rnd() * M)}&limit=100&offset=${Math.floor(rnd() * Q)}`,
  };
  const latency = {};
  for (const [name, path] of Object.entries(endpoints)) {
    const times = [];
    let size = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      const res = await fetch(base + path());
      const body = await res.arrayBuffer();
      times.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      size = body.byteLength;
    }
    latency[name] = { p50_ms: round(pct(times, 50)), p95_ms: round(pct(times, 95)), bytes: size };
  }
  server.kill('SIGTERM');

  const first = renders.map((r) => r.ms);
  console.log(
    JSON.stringify({
      bench: 'report',
      questions: Q,
      models: M,
      checks_per_question: K,
      settings: SETTINGS.length,
      verdicts: gen.verdicts,
      run_input_mb: round(gen.inputBytes / 1e6),
      report_build_ms: reportMs,
      report_mb: round(bytes / 1e6),
      first_render_ms: { runs: first.map(round), median: round(pct(first, 50)) },
      drill_down_first_open_ms: renders.map((r) => r.drill),
      drill_down_rows_in_dom: renders[0].rows,
      view_start_ms: viewStartMs,
      view_first_render_ms: round(viewRender.ms),
      view_drill_down_ms: viewRender.drill,
      api: latency,
      targets: { first_render_lt_2000ms: pct(first, 50) < 2000, size_lt_15mb: bytes < 15e6 },
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
