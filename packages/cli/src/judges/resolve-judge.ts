import { resolve } from 'node:path';
import type { CallCache, JudgeModel, RunCheckJudge } from '@gamut/core';
import { InputError } from '@gamut/core';
import type { CallEvent } from '@gamut/providers';
import { readValidRecords } from '../io/read-records.js';

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
}

export interface ResolvedJudge {
  judge: RunCheckJudge;
  spec: string;
  /** What the manifest records about the judge. */
  parameters: Record<string, unknown>;
  /** `name@version` → sha256 of the prompt templates the judge uses (LLM judges only). */
  promptTemplates: Record<string, string>;
}

/**
 * `offline`, `labels:<file>`, or a model spec (`openai:…`, `anthropic:…`,
 * `google:…`, `openai-compatible:<model>@<url>`, `ollama:…`, `mock:…`).
 * Provider code is imported only when a model spec is used.
 */
export async function resolveJudge(
  spec: string,
  settings: CallSettings & { batched?: boolean; baseDir?: string },
): Promise<ResolvedJudge> {
  if (spec === 'offline') {
    const { createOfflineJudge } = await import('@gamut/core');
    return { judge: createOfflineJudge(), spec, parameters: {}, promptTemplates: {} };
  }
  if (spec.startsWith('labels:')) {
    const file = spec.slice('labels:'.length);
    if (!file) throw specError(spec, 'labels: needs a file, e.g. labels:human.jsonl');
    const { VerdictLine, createLabelsCheckJudge } = await import('@gamut/core');
    // A path in a run config is relative to the config's folder, as every other path there.
    const lines = await readValidRecords(settings.baseDir ? resolve(settings.baseDir, file) : file, VerdictLine);
    return { judge: createLabelsCheckJudge({ id: spec, lines }), spec, parameters: { file }, promptTemplates: {} };
  }
  const model = await resolveModel(spec, settings, 'judge');
  const { createLlmCheckJudge, PROMPT_TEMPLATES } = await import('@gamut/core');
  const judge = createLlmCheckJudge({ model, batched: settings.batched === true });
  const promptTemplates: Record<string, string> = {};
  for (const t of PROMPT_TEMPLATES) promptTemplates[`${t.name}@${t.version}`] = t.sha256;
  return {
    judge,
    spec,
    parameters: { batched: settings.batched === true, temperature: 0 },
    promptTemplates,
  };
}

const isModelSpec = (spec: string) => spec !== 'offline' && !spec.startsWith('labels:');

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
  checkModelSpec(spec, role, settings.env);
  const { createJudgeModel, withMiddleware } = await import('@gamut/providers');
  const model = await createJudgeModel(spec, { env: settings.env });
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

const MODEL_FORMS = [
  'openai:<model>',
  'openai-chat:<model>',
  'anthropic:<model>',
  'google:<model>',
  'openai-compatible:<model>@<base URL>',
  'ollama:<model>',
  'mock:<mode>',
];
const JUDGE_FORMS = ['offline', 'labels:<file>', ...MODEL_FORMS];
const PROVIDERS = new Set([...MODEL_FORMS.map((f) => f.slice(0, f.indexOf(':'))), 'gemini']);

function specError(spec: string, problem: string, role: 'judge' | 'model' = 'judge'): InputError {
  const forms = (role === 'judge' ? JUDGE_FORMS : MODEL_FORMS).join(', ');
  return new InputError({
    rule: 'judge-spec',
    path: role,
    message: `${role} spec "${spec}": ${problem}. Valid forms: ${forms}`,
  });
}

/** Says what is wrong with a model spec in the words a user needs, before the provider code sees it. */
function checkModelSpec(spec: string, role: 'judge' | 'model', env: NodeJS.ProcessEnv): void {
  const colon = spec.indexOf(':');
  const provider = colon < 0 ? spec : spec.slice(0, colon);
  const rest = colon < 0 ? '' : spec.slice(colon + 1).trim();
  if (!PROVIDERS.has(provider)) {
    const hint = colon < 0 ? ' (a model spec is <provider>:<model>)' : '';
    throw specError(spec, `unknown provider "${provider}"${hint}`, role);
  }
  if (provider !== 'openai-compatible') {
    if (rest === '') throw specError(spec, `${provider} needs a model: ${provider}:<model>`, role);
    return;
  }
  const example = 'openai-compatible:<model>@http://host:port/v1';
  const at = rest.lastIndexOf('@');
  const model = at < 0 ? rest : rest.slice(0, at);
  const url = at < 0 ? '' : rest.slice(at + 1);
  if (model === '') throw specError(spec, `openai-compatible needs a model: ${example}`, role);
  if (at >= 0 && !/^https?:\/\//i.test(url)) {
    throw specError(spec, `openai-compatible needs a base URL: ${example} (http:// missing in "${url}")`, role);
  }
  if (at < 0 && !env.OPENAI_COMPATIBLE_BASE_URL) {
    throw specError(spec, `openai-compatible needs a base URL: ${example}, or OPENAI_COMPATIBLE_BASE_URL set`, role);
  }
}
