import { compileMetaRubric } from '../rubric/compile-meta-rubric.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import { type BuildState, imageStates } from './build-state.js';
import { changelog, type ReleasedQuestion, type RoundAgreement, releasedQuestion, roundAgreement } from './release.js';
import type { GroundedSnippet } from './rubric-draft.js';
import { applyOverlay, type RubricEdit } from './rubric-overlay.js';
import { latestRubric } from './run-refine.js';
import { rubricQuestion } from './run-rubrics.js';

/** What `gamut build release` prints (and returns): the version, its size, what was dropped, the changelog. */
export interface ReleaseSummary {
  version: number;
  output: string;
  questions: number;
  checks: number;
  dropped: Array<{ subject: string; stage: string; reason: string }>;
  stale_edits: number;
  changelog: string[];
}

/** The release in a dataset folder: what the next one compares against. */
export interface PreviousRelease {
  version: number;
  questions: ReleasedQuestion[];
}

/** Everything a release writes, in data: the caller copies the images and writes the files, release.json last. */
export interface ReleasePlan {
  /** Local images to copy into the dataset, `to` relative to it. */
  images: Array<{ from: string; to: string }>;
  metas: MetaRubric[];
  rubrics: CompiledRubric[];
  snippets: Array<{ question_id: string } & GroundedSnippet>;
  dropped: ReleaseSummary['dropped'];
  overlay: Array<RubricEdit & { status: 'applied' | 'stale'; stale_reason?: string }>;
  agreement: RoundAgreement[];
  /** CHANGELOG.md as it is after this release. */
  changelogMd: string;
  manifest: Record<string, unknown>;
  summary: Omit<ReleaseSummary, 'output'>;
}

/**
 * A versioned dataset from the build: meta-rubrics (what `gamut run` reads), compiled rubrics
 * with the people's overlay applied, snippets with provenance, what was dropped and why,
 * per-round agreement, the overlay (applied and stale edits) and a changelog against the
 * previous release. `fileName` is the last part of a path (the caller's path rules).
 */
export function planRelease(
  build: BuildState,
  o: {
    previous: PreviousRelease | null;
    /** CHANGELOG.md as it is in the dataset folder ('' when there is none). */
    history: string;
    now: string;
    toolkitVersion: string;
    sha256Hex: (s: string) => string;
    fileName: (path: string) => string;
  },
): ReleasePlan {
  const version = (o.previous?.version ?? 0) + 1;
  const states = imageStates(build);
  const plan: Omit<ReleasePlan, 'agreement' | 'changelogMd' | 'manifest' | 'summary'> = {
    images: [],
    metas: [],
    rubrics: [],
    snippets: [],
    dropped: [],
    overlay: [],
  };
  const released: ReleasedQuestion[] = [];
  for (const s of states) {
    if (s.next.kind === 'dropped' || s.next.kind === 'failed') {
      const reason = s.next.kind === 'dropped' ? s.next.reason : s.next.failure;
      plan.dropped.push({ subject: s.image.id, stage: 'questions', reason });
      continue;
    }
    const q = rubricQuestion(s);
    if (q === undefined) {
      plan.dropped.push({ subject: s.image.id, stage: 'questions', reason: `not settled yet (${s.next.kind})` });
      continue;
    }
    const latest = latestRubric(build, q.question_id);
    if (latest === undefined) {
      const failed = build.records.get(`rubric/${q.question_id}`);
      plan.dropped.push({
        subject: q.question_id,
        stage: 'rubric',
        reason: failed?.failure ?? 'no rubric was drafted',
      });
      continue;
    }
    const meta = { ...latest.meta };
    if (meta.image !== undefined && !/^(https?|data):/.test(meta.image)) {
      const to = `images/${s.image.id}-${o.fileName(meta.image)}`;
      plan.images.push({ from: meta.image, to });
      meta.image = to;
    }
    const { rubric, applied, stale } = applyOverlay(compileMetaRubric(meta, { sha256Hex: o.sha256Hex }), build.edits);
    plan.metas.push(meta);
    plan.rubrics.push(rubric);
    released.push(releasedQuestion(meta.question, rubric));
    for (const e of latest.evidence) plan.snippets.push({ question_id: q.question_id, ...e });
    for (const e of applied) plan.overlay.push({ ...e, status: 'applied' });
    for (const { edit, reason } of stale) plan.overlay.push({ ...edit, status: 'stale', stale_reason: reason });
  }
  const lines = changelog(o.previous?.questions ?? null, released);
  const entry = [`## v${version} (${o.now.slice(0, 10)})`, '', ...lines.map((l) => `- ${l}`), ''].join('\n');
  return {
    ...plan,
    agreement: roundAgreement(states, build.decisions),
    changelogMd: `${o.history ? `${o.history.trimEnd()}\n\n` : '# Changelog\n\n'}${entry}`,
    manifest: {
      version,
      build_id: build.manifest.build_id,
      created_at: o.now,
      toolkit_version: o.toolkitVersion,
      model: build.config.model,
      search: build.config.search,
      templates: build.manifest.templates,
      previous_version: o.previous?.version ?? null,
      questions: released,
    },
    summary: {
      version,
      questions: released.length,
      checks: released.reduce((n, q) => n + q.checks, 0),
      dropped: plan.dropped,
      stale_edits: plan.overlay.filter((x) => x.status === 'stale').length,
      changelog: lines,
    },
  };
}
