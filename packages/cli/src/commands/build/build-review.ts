import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  BuildManifest,
  type ImageQuestions,
  type QuestionDecision,
  questionDecisionsOf,
  queueForReview as queueInStore,
  type ReportInput,
  type ReviewEvent,
  type ReviewQueue,
  type RubricEdit,
  type RunStore,
  rubricEditsOf,
} from '@gamut/core';
import { openProjectStore } from '../../store/open-store.js';
import { type BuildPaths, buildPaths, type OpenBuild } from './build-dir.js';

/** The build's review workspace, read from its store: queues, and the decisions and edits its events stand for. */
export interface BuildReview {
  queues: ReviewQueue[];
  events: ReviewEvent[];
  decisions: QuestionDecision[];
  edits: RubricEdit[];
}

/** Opens the build's store (the one `gamut review` uses for it), runs `fn`, and closes it. */
export async function withBuildStore<T>(paths: BuildPaths, fn: (store: RunStore) => Promise<T>): Promise<T> {
  const store = await openProjectStore(paths.root, paths.store);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** What people decided and edited in the build's review queues, as the pipeline reads it. */
export async function readBuildReview(paths: BuildPaths, buildId: string): Promise<BuildReview> {
  return withBuildStore(paths, async (store) => {
    const [queues, events] = await Promise.all([store.listReviewQueues(buildId), store.listReviewEvents(buildId)]);
    return { queues, events, decisions: questionDecisionsOf(queues, events), edits: rubricEditsOf(queues, events) };
  });
}

/** Puts what waits for people into review queues of the build's store (see core's `queueForReview`). */
export async function queueForReview(build: OpenBuild, states: readonly ImageQuestions[], now: string) {
  return withBuildStore(build.paths, (store) => queueInStore(store, build, states, now));
}

/** A build directory as `gamut review` and `gamut view` open it: its id owns the events, its store keeps them. */
export interface BuildReviewOwner {
  ownerId: string;
  paths: BuildPaths;
}

/** The build in `dir`, or null when `dir` is not a build directory (a run, say). */
export async function buildReviewOwner(dir: string): Promise<BuildReviewOwner | null> {
  const paths = buildPaths(dir);
  if (!existsSync(paths.config) || !existsSync(paths.manifest)) return null;
  const manifest = BuildManifest.safeParse(JSON.parse(await readFile(paths.manifest, 'utf8')));
  return manifest.success ? { ownerId: manifest.data.build_id, paths } : null;
}

/** A build has no answers or verdicts: the review commands read it as an empty run. */
export const NO_RUN: ReportInput = { manifest: null, metaRubrics: [], rubrics: [], answers: [], verdicts: [] };
