// Throughput and peak memory of `gamut score` on a generated verdict file.
//   node bench/score.bench.mjs                 # 1,000,000 verdicts
//   node bench/score.bench.mjs 3000000         # any count; several: 1000000 3000000
// Needs the built CLI (`npm run build`). Prints one JSON line per size.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL('./.work/', import.meta.url));
const bin = `${root}packages/cli/bin/gamut.js`;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
if (sizes.length === 0) sizes.push(1_000_000);

const QUESTIONS = 1000;
const CHECKS = 25; // 12 answer-critical, 9 valuable, 4 context: a realistic compiled rubric
const TIERS = [...Array(12).fill('answer_critical'), ...Array(9).fill('valuable'), ...Array(4).fill('context')];
const VERDICTS = ['meets', 'meets', 'partially_meets', 'missing', 'contradicts'];
const SETTINGS = ['multimodal', 'text_only'];
const DOMAINS = ['food', 'art', 'nature', 'history', '건축'];

mkdirSync(work, { recursive: true });
const rubricsFile = `${work}score-rubrics.jsonl`;
writeFileSync(rubricsFile, rubricsJsonl());

for (const n of sizes) {
  const verdictsFile = `${work}score-verdicts-${n}.jsonl`;
  if (!existsSync(verdictsFile)) await writeVerdicts(verdictsFile, n);
  const bytes = statSync(verdictsFile).size;
  const { seconds, cpuSeconds, peakRssKb, code, stderr } = await measure([
    bin,
    'score',
    '--rubrics',
    rubricsFile,
    '--verdicts',
    verdictsFile,
    '--json',
  ]);
  if (code !== 0) {
    console.error(stderr);
    process.exit(1);
  }
  console.log(
    JSON.stringify({
      bench: 'score',
      verdicts: n,
      file_mb: +(bytes / 2 ** 20).toFixed(1),
      answers: Math.ceil(n / CHECKS),
      seconds: +seconds.toFixed(2),
      verdicts_per_s: Math.round(n / seconds),
      // The machine may be shared: CPU time (user + sys) is the steadier figure.
      cpu_seconds: cpuSeconds === null ? null : +cpuSeconds.toFixed(2),
      verdicts_per_cpu_s: cpuSeconds === null ? null : Math.round(n / cpuSeconds),
      peak_rss_mb: +(peakRssKb / 1024).toFixed(1),
      loadavg_1m: Number(loadavg()[0].toFixed(2)),
    }),
  );
}

function rubricsJsonl() {
  let out = '';
  for (let q = 0; q < QUESTIONS; q++) {
    const checks = TIERS.map((tier, i) => ({
      id: `I${i + 1}.fact`,
      tier,
      kind: 'fact',
      text: `The answer states fact number ${i + 1} of question ${q}`,
      item: `I${i + 1}`,
      secondary: false,
      snippets: ['S1'],
    }));
    out += `${JSON.stringify({
      question_id: `q-${String(q).padStart(4, '0')}`,
      rubric_hash: 'ab'.repeat(32),
      domain: DOMAINS[q % DOMAINS.length],
      popularity: q % 3 === 0 ? 'head' : 'tail',
      checks,
    })}\n`;
  }
  return out;
}

/** Models × settings × questions × checks, in answer order, as a judge would write them. */
async function writeVerdicts(file, n) {
  const out = createWriteStream(file);
  let buf = '';
  let written = 0;
  let x = 12345;
  outer: for (let m = 0; ; m++) {
    for (const setting of SETTINGS) {
      for (let q = 0; q < QUESTIONS; q++) {
        for (let c = 0; c < CHECKS; c++) {
          if (written === n) break outer;
          x = (Math.imul(x, 1103515245) + 12345) >>> 0;
          const verdict = VERDICTS[(x >>> 16) % VERDICTS.length];
          buf += `{"question_id":"q-${String(q).padStart(4, '0')}","model":"model-${m}","setting":"${setting}","check_id":"I${c + 1}.fact","verdict":"${verdict}","rationale":"The answer says so in its second paragraph.","judge":"openai:gpt-judge"}\n`;
          written++;
          if (buf.length > 1 << 20) {
            if (!out.write(buf)) await once(out, 'drain');
            buf = '';
          }
        }
      }
    }
  }
  out.end(buf);
  await once(out, 'finish');
}

/** Wall time and peak RSS of the CLI, stdout discarded as with `> /dev/null`. */
async function measure(args) {
  const useTime = existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const argv = useTime ? ['-v', process.execPath, ...args] : args;
  const start = process.hrtime.bigint();
  const child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => {
    stderr += d;
  });
  let polled = 0;
  const poll = useTime
    ? undefined
    : setInterval(() => {
        try {
          const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) polled = Math.max(polled, Number(m[1]));
        } catch {}
      }, 20);
  const [code] = await once(child, 'close');
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (poll) clearInterval(poll);
  const timed = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
  const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
  const cpuSeconds = user && sys ? Number(user[1]) + Number(sys[1]) : null;
  return { seconds, cpuSeconds, peakRssKb: timed ? Number(timed[1]) : polled, code, stderr };
}
