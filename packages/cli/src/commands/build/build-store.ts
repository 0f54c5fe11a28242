import { resolve } from 'node:path';
import {
  type ImageQuestions,
  questionDecisionsOf,
  queueForReview as queueInStore,
  type ReportInput,
  type RunStore,
  rubricEditsOf,
} from '@gamut/core';
import { type BuildPaths, type OpenBuild, openBuild as openBuildDir } from '@gamut/node';
import { isPostgresUrl } from '@gamut/store/url';
import { openProjectStore } from '../../store/open-store.js';

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
async function readBuildReview(paths: BuildPaths, buildId: string) {
  return withBuildStore(paths, async (store) => {
    const [queues, events] = await Promise.all([store.listReviewQueues(buildId), store.listReviewEvents(buildId)]);
    return { decisions: questionDecisionsOf(queues, events), edits: rubricEditsOf(queues, events) };
  });
}

/** The build directory with people's work from its store; `--store` (a folder is the caller's, or a database URL). */
export function openBuild(dir: string, o: { store?: string | undefined } = {}): Promise<OpenBuild> {
  const store = o.store === undefined ? {} : { store: isPostgresUrl(o.store) ? o.store : resolve(o.store) };
  return openBuildDir(dir, { ...store, review: readBuildReview });
}

/** Puts what waits for people into review queues of the build's store (see core's `queueForReview`). */
export async function queueForReview(build: OpenBuild, states: readonly ImageQuestions[], now: string) {
  return withBuildStore(build.paths, (store) => queueInStore(store, build, states, now));
}

/** A build has no answers or verdicts: the review commands read it as an empty run. */
export const NO_RUN: ReportInput = { manifest: null, metaRubrics: [], rubrics: [], answers: [], verdicts: [] };
