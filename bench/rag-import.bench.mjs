// Wiki import and BM25 indexing throughput on a generated Confluence REST v2 export.
// Usage: node bench/rag-import.bench.mjs [--versions 50000] [--per-page 5]   (after `npm run build`)
// Prints one JSON line. Targets: import ≥ 2,000 page versions/s, peak RSS ≤ 500 MB.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importWiki } from '../packages/node/dist/index.js';
import { answerOffline, WikiIndex } from '../packages/wiki/dist/index.js';
import { numberArg } from './support/args.mjs';

const VERSIONS = numberArg('versions', 50_000);
const PER_PAGE = numberArg('per-page', 5);
const PAGES = Math.ceil(VERSIONS / PER_PAGE);

// Deterministic pseudo-random text so runs compare.
let seed = 42;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (a) => a[Math.floor(rnd() * a.length)];
// A few thousand distinct words per language, as a real wiki has, so postings lists are realistic.
const SYL =
  '가나다라마바사아자차카타파하고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후기니디리미비시이지치키티피히'.split(
    '',
  );
const LAT = 'bcdfghjklmnprstvwz';
const VOW = 'aeiou';
const KO = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => pick(SYL)).join(''),
);
const EN = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => pick(LAT) + pick(VOW)).join(''),
);
const sentence = () =>
  `${Array.from({ length: 8 }, () => pick(rnd() < 0.5 ? EN : KO)).join(' ')} ${Math.floor(rnd() * 120)}분 이내.`;

function body(p, v) {
  return [
    `<h1>Page ${p}</h1>`,
    `<p>${sentence()} ${sentence()}</p>`,
    `<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Note</ac:parameter><ac:rich-text-body><p>${sentence()}</p></ac:rich-text-body></ac:structured-macro>`,
    `<h2>Details v${v}</h2>`,
    `<ul><li><p>${sentence()}</p></li><li>${sentence()} <ac:link><ri:page ri:content-title="Page ${(p + 1) % PAGES}" /></ac:link></li></ul>`,
    `<table><tbody><tr><th>Level</th><th>Deadline</th></tr><tr><td>P1</td><td>${v * 10}분</td></tr><tr><td>P2</td><td>${v}시간</td></tr></tbody></table>`,
    `<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[notify --page ${p} --v ${v} && echo "<ok>"]]></ac:plain-text-body></ac:structured-macro>`,
    `<p>${sentence()}</p>`,
  ].join('');
}

const GEN = process.argv.indexOf('--generate');
if (GEN > 0) {
  await generate(process.argv[GEN + 1]);
  process.exit(0);
}

async function generate(dir) {
  let bytes = 0;
  let file = 0;
  let batch = [];
  const flush = async () => {
    if (!batch.length) return;
    const text = JSON.stringify({ results: batch });
    bytes += text.length;
    await writeFile(join(dir, `pages-${String(file++).padStart(3, '0')}.json`), text);
    batch = [];
  };
  let made = 0;
  for (let p = 0; p < PAGES && made < VERSIONS; p++) {
    for (let v = 1; v <= PER_PAGE && made < VERSIONS; v++, made++) {
      const last = v === PER_PAGE || made === VERSIONS - 1;
      batch.push({
        id: String(100000 + p),
        status: last ? 'current' : 'historical',
        title: `Page ${p}`,
        spaceId: String(1 + (p % 3)),
        version: { number: v, createdAt: '2025-01-01T00:00:00.000Z' },
        body: { storage: { representation: 'storage', value: body(p, v) } },
      });
      if (batch.length === 5000) await flush();
    }
  }
  await flush();
  console.log(bytes);
}

const cpu = (a, b) => Math.round((b.user + b.system - a.user - a.system) / 1e4) / 100;

// Generated in a child process, so that peak RSS below is the importer's alone.
const dir = await mkdtemp(join(tmpdir(), 'gamut-bench-wiki-'));
try {
  const bytes = Number(
    execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--generate', dir, ...process.argv.slice(2)], {
      encoding: 'utf8',
    }).trim(),
  );
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const imported = await importWiki(dir, { format: 'confluence-json' });
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  const index = WikiIndex.build(imported.snapshot);
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  const queries = 500;
  for (let i = 0; i < queries; i++)
    answerOffline(index, { question_id: `q${i}`, question: `${pick(KO)} ${pick(EN)} ${pick(KO)} 시한은?` });
  const t3 = performance.now();
  const importSec = (t1 - t0) / 1000;
  const indexSec = (t2 - t1) / 1000;
  console.log(
    JSON.stringify({
      bench: 'rag-import',
      page_versions: imported.snapshot.pages.length,
      current_pages: imported.snapshot.current.size,
      export_mb: Math.round(bytes / 1e5) / 10,
      import_s: Math.round(importSec * 100) / 100,
      // CPU seconds beside wall seconds: on a shared machine wall time includes waiting.
      import_cpu_s: cpu(c0, c1),
      import_versions_per_s: Math.round(imported.snapshot.pages.length / importSec),
      index_s: Math.round(indexSec * 100) / 100,
      index_cpu_s: cpu(c1, c2),
      index_pages_per_s: Math.round(imported.snapshot.current.size / indexSec),
      chunks: index.chunks.length,
      offline_answers_per_s: Math.round(queries / ((t3 - t2) / 1000)),
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      targets: { import_versions_per_s: 2000, peak_rss_mb: 500 },
    }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
