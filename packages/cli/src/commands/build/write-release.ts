import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  applyOverlay,
  changelog,
  compileMetaRubric,
  type MetaRubric,
  type ReleasedQuestion,
  releasedQuestion,
  roundAgreement,
} from '@gamut/core';
import { toJsonl, writeFileAtomic } from '@gamut/node';
import { VERSION } from '../../version.js';
import type { OpenBuild } from './build-dir.js';
import { imageStates } from './run-questions.js';
import { latestRubric } from './run-refine.js';
import { rubricQuestion } from './run-rubrics.js';

export interface ReleaseSummary {
  version: number;
  output: string;
  questions: number;
  checks: number;
  dropped: Array<{ subject: string; stage: string; reason: string }>;
  stale_edits: number;
  changelog: string[];
}

const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/**
 * Writes a versioned dataset: meta-rubrics (what `gamut run` reads), compiled rubrics with the
 * people's overlay applied, snippets with provenance, what was dropped and why, per-round
 * agreement, the overlay (applied and stale edits), a changelog against the previous release in
 * the same folder, and release.json last.
 */
export async function writeRelease(build: OpenBuild, out: string, now: string): Promise<ReleaseSummary> {
  const dir = resolve(out);
  const previous = existsSync(join(dir, 'release.json'))
    ? (JSON.parse(await readFile(join(dir, 'release.json'), 'utf8')) as {
        version: number;
        questions: ReleasedQuestion[];
      })
    : null;
  const version = (previous?.version ?? 0) + 1;
  await mkdir(join(dir, 'images'), { recursive: true });
  const states = imageStates(build);
  const metas: MetaRubric[] = [];
  const rubrics = [];
  const snippets = [];
  const overlay = [];
  const released: ReleasedQuestion[] = [];
  const dropped: ReleaseSummary['dropped'] = [];
  for (const s of states) {
    if (s.next.kind === 'dropped' || s.next.kind === 'failed') {
      dropped.push({
        subject: s.image.id,
        stage: 'questions',
        reason: s.next.kind === 'dropped' ? s.next.reason : s.next.failure,
      });
      continue;
    }
    const q = rubricQuestion(s);
    if (q === undefined) {
      dropped.push({ subject: s.image.id, stage: 'questions', reason: `not settled yet (${s.next.kind})` });
      continue;
    }
    const latest = latestRubric(build, q.question_id);
    if (latest === undefined) {
      const failed = build.records.get(`rubric/${q.question_id}`);
      dropped.push({ subject: q.question_id, stage: 'rubric', reason: failed?.failure ?? 'no rubric was drafted' });
      continue;
    }
    const meta = { ...latest.meta };
    if (meta.image !== undefined && !/^(https?|data):/.test(meta.image)) {
      const name = `${s.image.id}-${basename(meta.image)}`;
      await copyFile(meta.image, join(dir, 'images', name));
      meta.image = `images/${name}`;
    }
    const compiled = compileMetaRubric(meta, { sha256Hex });
    const { rubric, applied, stale } = applyOverlay(compiled, build.edits);
    metas.push(meta);
    rubrics.push(rubric);
    released.push(releasedQuestion(meta.question, rubric));
    for (const e of latest.evidence) snippets.push({ question_id: q.question_id, ...e });
    for (const e of applied) overlay.push({ ...e, status: 'applied' });
    for (const { edit, reason } of stale) overlay.push({ ...edit, status: 'stale', stale_reason: reason });
  }
  const lines = changelog(previous?.questions ?? null, released);
  const history = existsSync(join(dir, 'CHANGELOG.md')) ? await readFile(join(dir, 'CHANGELOG.md'), 'utf8') : '';
  const entry = [`## v${version} (${now.slice(0, 10)})`, '', ...lines.map((l) => `- ${l}`), ''].join('\n');
  await writeFileAtomic(join(dir, 'meta-rubrics.jsonl'), toJsonl(metas));
  await writeFileAtomic(join(dir, 'rubrics.jsonl'), toJsonl(rubrics));
  await writeFileAtomic(join(dir, 'snippets.jsonl'), toJsonl(snippets));
  await writeFileAtomic(join(dir, 'dropped.jsonl'), toJsonl(dropped));
  await writeFileAtomic(join(dir, 'overlay.jsonl'), toJsonl(overlay));
  await writeFileAtomic(
    join(dir, 'agreement.json'),
    `${JSON.stringify(roundAgreement(states, build.decisions), null, 2)}\n`,
  );
  await writeFileAtomic(
    join(dir, 'CHANGELOG.md'),
    `${history ? '' : '# Changelog\n\n'}${history ? `${history.trimEnd()}\n\n` : ''}${entry}`,
  );
  const manifest = {
    version,
    build_id: build.manifest.build_id,
    created_at: now,
    toolkit_version: VERSION,
    model: build.config.model,
    search: build.config.search,
    templates: build.manifest.templates,
    previous_version: previous?.version ?? null,
    questions: released,
  };
  await writeFileAtomic(join(dir, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    version,
    output: dir,
    questions: released.length,
    checks: released.reduce((n, q) => n + q.checks, 0),
    dropped,
    stale_edits: overlay.filter((o) => o.status === 'stale').length,
    changelog: lines,
  };
}
