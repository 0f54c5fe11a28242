import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { InputError, type Manifest } from '@gamut/core';
import { toJsonl, writeFileAtomic } from '../io/atomic-write.js';
import { beginRunDirectory, finishRunDirectory, runDirectoryState } from '../io/run-directory.js';
import type { DemoData } from './demo-pipeline.js';
import type { DemoRag } from './demo-rag.js';

/**
 * A demo may overwrite an earlier demo, never anything else: an existing,
 * non-empty directory must hold a demo manifest, or be a demo left half-written.
 */
export async function checkOutDir(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const entries = await readdir(dir).catch(() => null);
  if (entries === null) throw new InputError({ rule: 'demo-out', message: `--out ${dir} is not a directory` });
  if (entries.length === 0) return;
  const state = await runDirectoryState(dir);
  if (state.state === 'incomplete' && state.rerun?.startsWith('gamut demo')) return;
  const manifest = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => null);
  let runId: unknown = null;
  try {
    runId = manifest ? (JSON.parse(manifest) as { run_id?: unknown }).run_id : null;
  } catch {
    runId = null;
  }
  if (typeof runId !== 'string' || !runId.startsWith('demo')) {
    throw new InputError({
      rule: 'demo-out',
      message: `--out ${dir} already holds files that are not a gamut demo run; choose an empty or new directory`,
    });
  }
}

/** The run directory of docs/run-directory.md; the manifest is written last (`finishRunDirectory`). */
export async function writeDemoRun(options: {
  dir: string;
  gamutDir: string;
  data: DemoData;
  rag: DemoRag | null;
  manifest: Manifest;
}): Promise<void> {
  const { dir, data, rag } = options;
  await mkdir(dir, { recursive: true });
  await beginRunDirectory(dir, `gamut demo --out ${dir}`);
  const metas = [];
  for (const m of data.metas) {
    const source = m.image && !/^(https?:|data:)/i.test(m.image) ? join(options.gamutDir, m.image) : null;
    if (source && existsSync(source)) {
      await mkdir(join(dir, 'images'), { recursive: true });
      await copyFile(source, join(dir, 'images', basename(source)));
      metas.push({ ...m, image: `images/${basename(source)}` });
    } else metas.push(m);
  }
  await writeFileAtomic(join(dir, 'meta-rubrics.jsonl'), toJsonl(metas));
  await writeFileAtomic(join(dir, 'rubrics.jsonl'), toJsonl(data.rubrics));
  await writeFileAtomic(join(dir, 'answers.jsonl'), toJsonl(data.answers));
  await writeFileAtomic(join(dir, 'verdicts.jsonl'), toJsonl(data.verdicts));
  await writeFileAtomic(join(dir, 'judge-failures.jsonl'), '');
  await writeFileAtomic(join(dir, 'scores.json'), `${JSON.stringify(data.scores, null, 2)}\n`);
  if (rag) {
    await writeFileAtomic(join(dir, 'rag', 'golden.json'), `${JSON.stringify(rag.golden, null, 2)}\n`);
    await writeFileAtomic(join(dir, 'rag', 'wiki.jsonl'), toJsonl(rag.pages));
    await writeFileAtomic(join(dir, 'rag', 'agent-output.jsonl'), toJsonl(rag.outputs));
    await writeFileAtomic(join(dir, 'rag', 'judgments.jsonl'), toJsonl(rag.judgments));
    await writeFileAtomic(join(dir, 'rag', 'rag-score.json'), `${JSON.stringify(rag.report, null, 2)}\n`);
  }
  await finishRunDirectory(dir, options.manifest);
}
