// Preloaded with `node --import` by judge.bench.mjs: writes the process's own CPU time and
// peak RSS to $GAMUT_RUSAGE_FILE when it exits, so the benchmark measures the whole CLI process.
import { writeFileSync } from 'node:fs';

const file = process.env.GAMUT_RUSAGE_FILE;
if (file) {
  process.on('exit', () => {
    const r = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ userUs: r.userCPUTime, systemUs: r.systemCPUTime, maxRssKb: r.maxRSS }));
  });
}
