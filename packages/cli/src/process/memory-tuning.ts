import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The young generation (V8's new space, both halves) grows to this size and no further. */
const YOUNG_GENERATION_CAP = 16 * 1024 * 1024;

/**
 * V8 settings for a long run of small model calls; each is read when V8
 * sizes a heap, collects or compiles a module, so setting them at run time
 * takes effect. Measured with `bench/judge.bench.mjs` and `--checks 100000
 * --latency 20` (see docs/performance.md).
 *
 * - The old generation may grow by at most `heapGrowingPercent` per collection:
 *   a run keeps ~30 MB live, and V8's default lets the heap reach several times that.
 * - The young generation grows from its start-up 8 MB to 16 MB and stops there.
 *   Kept at 8 MB it was collected 130 times in a 2,400-call run (a quarter of
 *   the process's CPU); left to V8 it doubles to 32 MB at a few thousand calls
 *   a second and takes peak RSS at 100,000 calls from 138 to 152 MB.
 * - WebAssembly stays on V8's baseline compiler: Node's own `fetch` (streaming
 *   calls; judge calls use node:http) parses HTTP with a WebAssembly module, and
 *   optimizing it took a ~35 MB compiler zone that the allocator kept for the
 *   rest of the run. Replies are small, so the parser's speed does not show.
 *
 * Call before the HTTP client first connects.
 */
export function tuneMemoryForJudging(heapGrowingPercent = 20): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  setFlagsFromString('--liftoff-only');
  capYoungGeneration(YOUNG_GENERATION_CAP);
}

/**
 * V8 sizes the young generation only at start-up (`--max-semi-space-size`),
 * so its growth is stopped instead (`--semi-space-growth-factor=1`) once a
 * collection finds it at `bytes`; until then each collection is looked at.
 */
function capYoungGeneration(bytes: number): void {
  const observer = new PerformanceObserver(() => {
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young === undefined || young.space_size < bytes) return;
    setFlagsFromString('--semi-space-growth-factor=1');
    observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
}
