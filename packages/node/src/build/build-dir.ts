import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  BuildConfig,
  BuildImage,
  BuildManifest,
  type BuildState,
  InputError,
  parseValidRecords,
  QuestionDecision,
  type RecordSchema,
  RubricEdit,
  type StepRecord,
  StepRecord as StepRecordSchema,
} from '@gamut/core';
import { readRecords } from '../files/read-records.js';

/**
 * The files of a build directory: manifest.json and build.json (written by init), images.jsonl
 * (the images as validated, with their ids), steps.jsonl (every LLM step, appended), reviews.jsonl
 * (question-review decisions, appended), edits.jsonl (rubric edits, appended), fetch-cache/ (documents
 * fetched by web search providers) and gamut.db (the store: the model-call cache with tokens and cost,
 * and the review queues and events of the build's human steps, under the build id).
 */
export function buildPaths(dir: string) {
  const root = resolve(dir);
  return {
    root,
    manifest: join(root, 'manifest.json'),
    config: join(root, 'build.json'),
    images: join(root, 'images.jsonl'),
    steps: join(root, 'steps.jsonl'),
    reviews: join(root, 'reviews.jsonl'),
    edits: join(root, 'edits.jsonl'),
    fetchCache: join(root, 'fetch-cache'),
    store: root,
  };
}
export type BuildPaths = ReturnType<typeof buildPaths>;

/** A build as read from its directory, with where its files are. */
export interface OpenBuild extends BuildState {
  paths: BuildPaths;
}

/**
/** What people decided and edited in the build's review queues (its store, which the caller opens). */
export type BuildReviewReader = (
  paths: BuildPaths,
  buildId: string,
) => Promise<{ decisions: QuestionDecision[]; edits: RubricEdit[] }>;

/**
 * Reads a build directory; one that init has not made is bad input saying so. `store` keeps the
 * build's store elsewhere (a folder, or a database URL) instead of in the directory.
 */
export async function openBuild(dir: string, o: { store?: string; review: BuildReviewReader }): Promise<OpenBuild> {
  const paths = { ...buildPaths(dir), ...(o.store !== undefined && { store: o.store }) };
  if (!existsSync(paths.manifest)) {
    throw new InputError({
      rule: 'build-missing',
      file: paths.manifest,
      message: `${dir} is not a build directory; make one with \`gamut build init ${dir} --images FILE\``,
    });
  }
  const manifest = await readJson(paths.manifest, BuildManifest);
  const config = await readJson(paths.config, BuildConfig);
  // init wrote every image with its id.
  const images = (await readJsonl(paths.images, BuildImage)) as BuildImage[];
  const records = new Map<string, StepRecord>();
  for (const r of await readJsonl(paths.steps, StepRecordSchema)) records.set(r.key, r);
  // People's work: the review queues' events in the build's store, after the imported files.
  const review = await o.review(paths, manifest.build_id);
  const decisions = new Map<string, QuestionDecision[]>();
  for (const d of [...(await readJsonl(paths.reviews, QuestionDecision)), ...review.decisions]) {
    const list = decisions.get(d.candidate) ?? [];
    list.push(d);
    decisions.set(d.candidate, list);
  }
  const edits = [...(await readJsonl(paths.edits, RubricEdit)), ...review.edits];
  return { paths, manifest, config, images, records, decisions, edits };
}

/** Appends one line; a step is durable once its line is written, so a killed build loses no finished step. */
export async function appendJsonl(file: string, value: unknown): Promise<void> {
  await appendFile(file, `${JSON.stringify(value)}\n`, 'utf8');
}

async function readJsonl<T>(file: string, schema: RecordSchema<T>): Promise<T[]> {
  if (!existsSync(file)) return [];
  return parseValidRecords(await readRecords(file), schema).map((r) => r.value);
}

async function readJson<T>(file: string, schema: RecordSchema<T>): Promise<T> {
  const records = await readRecords(file);
  const [record] = parseValidRecords(records, schema);
  if (record === undefined) throw new InputError({ rule: 'build-file', file, message: 'expected one JSON object' });
  return record.value;
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
