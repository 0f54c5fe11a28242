import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings for a long run of small model calls; each is read when V8
 * sizes a heap or compiles a module, so setting them at run time takes effect.
 * Measured with `bench/judge.bench.mjs --checks 100000 --latency 20` (see docs/performance.md).
 *
 * - The old generation may grow by at most `heapGrowingPercent` per collection:
 *   a run keeps ~30 MB live, and V8's default lets the heap reach several times that.
 * - The young generation stops growing at the size start-up gave it: at a few
 *   thousand calls a second its default growth doubles it to 32 MB, and the
 *   shorter gaps between scavenges also free socket read buffers sooner, which
 *   keeps the allocator's heap from fragmenting.
 * - WebAssembly stays on V8's baseline compiler: undici parses HTTP with a
 *   WebAssembly module, and optimizing it took a ~35 MB compiler zone that the
 *   allocator kept for the rest of the run. Judge replies are a few hundred
 *   bytes, so the parser's speed does not show in CPU per call.
 *
 * Call before the HTTP client first connects.
 */
export function tuneMemoryForJudging(heapGrowingPercent = 20): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--liftoff-only');
}
