import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunAside } from '@gamut/core';

/**
 * A restarted run's directory goes beside itself with the run's new suffix;
 * its manifest then names the run it now belongs to, as the store does.
 */
export function runDirectoryAside(outputDir: string): RunAside {
  return {
    taken: async (suffix) => existsSync(`${outputDir}.${suffix}`),
    async move(suffix, runId) {
      if (!existsSync(outputDir)) return null;
      const dir = `${outputDir}.${suffix}`;
      await rename(outputDir, dir);
      const manifestFile = join(dir, 'manifest.json');
      if (existsSync(manifestFile)) {
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
        await writeFile(manifestFile, `${JSON.stringify({ ...manifest, run_id: runId }, null, 2)}\n`);
      }
      return dir;
    },
  };
}
