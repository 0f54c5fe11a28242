import { resolve } from 'node:path';
import type { CallCache, JudgeModel, RagJudge, RagJudgment, RunCheckJudge } from '@gamut/core';
import { readQuestionRecords, readValidRecords } from '@gamut/node';
import type { CallEvent, SpecWording } from '@gamut/providers';
import type { BatchCalls } from './batch-calls.js';

/** How model calls are made: shared by judges and the models under test. */
export interface CallSettings {
  cache: CallCache;
  concurrency: number;
  rpm?: number;
  tpm?: number;
  timeoutMs: number;
  retries: number;
  env: NodeJS.ProcessEnv;
  /** Model-call events (retries, rate-limit waits), e.g. for the progress line. */
  onCallEvent?: (event: CallEvent) => void;
  /** `--batch`: calls go through the provider's batch API. */
  batch?: BatchCalls;
}

export interface ResolvedJudge {
  judge: RunCheckJudge;
  spec: string;
  /** What the manifest records about the judge. */
  parameters: Record<string, unknown>;
  /** `name@version` → sha256 of the prompt templates the judge uses (LLM judges only). */
  promptTemplates: Record<string, string>;
}

export interface CheckJudgeSettings extends CallSettings {
  batched?: boolean;
  /** A labels path is relative to it (a run config's folder). */
  baseDir?: string;
}

export interface RagJudgeSettings {
  /** Called only for a model judge, so that offline and labels judges open no store. */
  calls: () => Promise<CallSettings>;
  ragchecker?: boolean;
}

/** A RAG judge, or judgments read from a file (each question's line kept, so problems can name it). */
export type ResolvedRagJudge =
  | { kind: 'judge'; judge: RagJudge }
  | { kind: 'labels'; id: string; file: string; judgments: RagJudgment[]; lines: Map<string, number> };

/** One kind of judge spec: what it looks like, and the check judge and RAG judge it makes. */
export interface JudgeSpecEntry {
  /** The forms listed when a spec is wrong; for model specs, the provider registry's. */
  readonly forms: () => Promise<readonly string[]>;
  readonly matches: (spec: string) => boolean;
  readonly check: (spec: string, settings: CheckJudgeSettings) => Promise<ResolvedJudge>;
  readonly rag: (spec: string, settings: RagJudgeSettings) => Promise<ResolvedRagJudge>;
}

const labelsFile = async (spec: string, example: string) => {
  const file = spec.slice('labels:'.length);
  if (!file) throw await judgeSpecError(spec, `labels: needs a file, e.g. labels:${example}`);
  return file;
};

/**
 * Every judge spec, one entry each. A new kind of judge is one entry here
 * plus its test; a new model provider is an entry in the provider registry
 * of `@gamut/providers`, which the `model` entry reads.
 */
export const JUDGE_SPECS: readonly JudgeSpecEntry[] = [
  {
    forms: async () => ['offline'],
    matches: (spec) => spec === 'offline',
    check: async (spec) => {
      const { createOfflineJudge } = await import('@gamut/core');
      return { judge: createOfflineJudge(), spec, parameters: {}, promptTemplates: {} };
    },
    rag: async () => {
      const { createOfflineRagJudge } = await import('@gamut/core');
      return { kind: 'judge', judge: createOfflineRagJudge() };
    },
  },
  {
    forms: async () => ['labels:<file>'],
    matches: (spec) => spec.startsWith('labels:'),
    check: async (spec, settings) => {
      const file = await labelsFile(spec, 'human.jsonl');
      const { VerdictLine, createLabelsCheckJudge } = await import('@gamut/core');
      // A path in a run config is relative to the config's folder, as every other path there.
      const lines = await readValidRecords(settings.baseDir ? resolve(settings.baseDir, file) : file, VerdictLine);
      return { judge: createLabelsCheckJudge({ id: spec, lines }), spec, parameters: { file }, promptTemplates: {} };
    },
    rag: async (spec) => {
      const file = await labelsFile(spec, 'judgments.jsonl');
      const { RagJudgment } = await import('@gamut/core');
      const { values, lines } = await readQuestionRecords(file, RagJudgment);
      return { kind: 'labels', id: spec, file, judgments: values, lines };
    },
  },
  {
    forms: async () => (await import('@gamut/providers')).MODEL_SPEC_FORMS,
    matches: () => true,
    check: async (spec, settings) => {
      const model = await resolveModel(spec, settings, 'judge');
      const { createLlmCheckJudge, PROMPT_TEMPLATES } = await import('@gamut/core');
      const batched = settings.batched === true;
      const promptTemplates: Record<string, string> = {};
      for (const t of PROMPT_TEMPLATES) promptTemplates[`${t.name}@${t.version}`] = t.sha256;
      const judge = createLlmCheckJudge({ model, batched });
      return { judge, spec, parameters: { batched, temperature: 0 }, promptTemplates };
    },
    rag: async (spec, settings) => {
      // Checked before the store is opened: a bad spec costs nothing.
      (await import('@gamut/providers')).parseJudgeSpec(spec, await wording('judge'));
      const model = await resolveModel(spec, await settings.calls(), 'judge');
      const { createLlmRagJudge } = await import('@gamut/core');
      return { kind: 'judge', judge: createLlmRagJudge({ model, ragchecker: settings.ragchecker === true }) };
    },
  },
];

const entryFor = (spec: string) => JUDGE_SPECS.find((e) => e.matches(spec)) as JudgeSpecEntry;

/** A check judge from its spec; provider code is imported only when a model spec is used. */
export function resolveJudge(spec: string, settings: CheckJudgeSettings): Promise<ResolvedJudge> {
  return entryFor(spec).check(spec, settings);
}

/** A RAG judge from its spec: the same specs as check judges. */
export function resolveRagJudge(spec: string, settings: RagJudgeSettings): Promise<ResolvedRagJudge> {
  return entryFor(spec).rag(spec, settings);
}

const isModelSpec = (spec: string) => entryFor(spec) === JUDGE_SPECS.at(-1);

/**
 * Starts loading the provider code a model spec needs (SDK module, HTTP
 * client), to overlap with reading inputs; resolves, never rejects.
 */
export async function warmUpJudge(spec: string): Promise<void> {
  if (!isModelSpec(spec)) return;
  try {
    const { warmUpJudgeModel } = await import('@gamut/providers');
    await warmUpJudgeModel(spec);
  } catch {
    // resolveJudge reports whatever went wrong.
  }
}

/** Closes provider connections kept alive, so the process exits as soon as its work is done. */
export async function closeJudgeConnections(spec: string): Promise<void> {
  if (!isModelSpec(spec)) return;
  const { closeJudgeConnections } = await import('@gamut/providers');
  await closeJudgeConnections();
}

/** A model behind the call middleware: the store as cache, limits, retries, timeout. */
export async function resolveModel(
  spec: string,
  settings: CallSettings,
  role: 'judge' | 'model' = 'model',
): Promise<JudgeModel> {
  if (settings.batch !== undefined) {
    const { resolveBatchModel } = await import('./batch-calls.js');
    return resolveBatchModel(spec, { ...settings, batch: settings.batch }, await wording(role));
  }
  const { createJudgeModel, withMiddleware } = await import('@gamut/providers');
  const model = await createJudgeModel(spec, { env: settings.env, wording: await wording(role) });
  return withMiddleware(model, {
    cache: settings.cache,
    concurrency: settings.concurrency,
    ...(settings.rpm !== undefined && { rpm: settings.rpm }),
    ...(settings.tpm !== undefined && { tpm: settings.tpm }),
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    ...(settings.onCallEvent !== undefined && { onEvent: settings.onCallEvent }),
  });
}

/** A judge spec error lists every judge form; a model spec error only the model forms. */
async function wording(role: 'judge' | 'model'): Promise<SpecWording> {
  const entries = role === 'judge' ? JUDGE_SPECS : JUDGE_SPECS.slice(-1);
  return { role, forms: (await Promise.all(entries.map((e) => e.forms()))).flat() };
}

async function judgeSpecError(spec: string, problem: string) {
  const { judgeSpecError } = await import('@gamut/providers');
  return judgeSpecError(spec, problem, await wording('judge'));
}
