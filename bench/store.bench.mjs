// The run store on the judge's hot path, without any model: 64 lanes each doing
// cache get (miss) → cache put → verdict put, as `gamut judge` does per call.
//   node bench/store.bench.mjs [--calls 20000]
//   node bench/store.bench.mjs --commit-within 50   # SQLite as `gamut judge` opens it: commits grouped every 50 ms
//   node bench/store.bench.mjs --pg postgres://postgres@127.0.0.1:5432/postgres   # SQLite, then PostgreSQL
// With --pg the PostgreSQL store works in a fresh schema (dropped after) and the two figures are
// printed side by side. Needs `npm run build`. Prints one JSON line per store.
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL(`./.work/store-${process.pid}/`, import.meta.url));
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const CALLS = Number(arg('--calls') ?? 20_000);
const PG_URL = arg('--pg');
const COMMIT_WITHIN = arg('--commit-within');
const LANES = 64;

const { openSqliteStore, openPostgresStore } = await import(`${root}packages/store/dist/index.js`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const sqliteOptions = COMMIT_WITHIN === undefined ? {} : { commitWithinMs: Number(COMMIT_WITHIN) };
await measure('sqlite', openSqliteStore({ file: `${work}gamut.db`, ...sqliteOptions }));
if (PG_URL) {
  const schema = `bench_${process.pid}`;
  const store = await openPostgresStore({ url: PG_URL, schema });
  await measure('postgres', store);
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`DROP SCHEMA ${schema} CASCADE`);
  await client.end();
}
rmSync(work, { recursive: true, force: true });

async function measure(kind, store) {
  await store.putRun({
    runId: 'bench',
    configHash: 'x',
    configParts: {},
    manifest: {
      run_id: 'bench',
      toolkit_version: '0',
      dataset_hash: 'd',
      rubric_hashes: {},
      models: [],
      settings: ['text_only'],
      judges: [{ spec: 'bench', parameters: {} }],
      prompt_templates: {},
      lambda: 0.5,
      mu: -2,
      weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
      seed: 0,
      started_at: new Date().toISOString(),
      ended_at: null,
    },
    status: 'running',
    startedAt: new Date().toISOString(),
    endedAt: null,
  });

  let next = 0;
  const usage = { inputTokens: 1200, outputTokens: 40, cachedInputTokens: 1000 };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < CALLS) {
        const n = next++;
        const key = `k${String(n).padStart(63, '0')}`;
        if (await store.get(key)) throw new Error('unexpected hit');
        await store.put(
          key,
          { text: '{"verdict":"meets","rationale":"The answer states it.","quote":null}', usage },
          { provider: 'openai-compatible', modelId: 'mock', latencyMs: 200, costUsd: 0.0001 },
        );
        await store.putVerdict({
          runId: 'bench',
          questionId: `q${Math.floor(n / 12)}`,
          model: 'm',
          setting: 'text_only',
          checkId: `c${n % 12}.fact`,
          judge: 'bench',
          sample: 0,
          verdict: 'meets',
          rationale: 'The answer states it.',
          quote: null,
        });
      }
    }),
  );
  // Written acknowledged is not yet committed with --commit-within: the commits count too.
  await store.flush();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await store.close();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(
    `${JSON.stringify({ bench: 'store', store: kind, ...(COMMIT_WITHIN !== undefined && { commitWithinMs: Number(COMMIT_WITHIN) }), calls: CALLS, lanes: LANES, wallMs: Math.round(wallMs), callsPerSecond: Math.round(CALLS / (wallMs / 1000)), cpuMsPerCall: Math.round((cpuMs / CALLS) * 1000) / 1000 })}\n`,
  );
}
