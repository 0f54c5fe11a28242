import { z } from 'zod';
import { Setting } from './ids.js';
import { Weights } from './manifest.js';

/** A model under test: `spec` as for judges (`openai:gpt-4.1`, `openai-compatible:m@http://…`, `mock:echo`). */
export const RunModel = z.union([
  z
    .string()
    .min(1)
    .transform((spec) => ({
      spec,
      name: undefined as string | undefined,
      temperature: undefined as number | undefined,
      max_output_tokens: undefined as number | undefined,
    })),
  z.object({
    spec: z.string().min(1),
    /** The name written into answer lines and shown in tables; default: the model part of the spec (`modelNames`). */
    name: z.string().min(1).optional(),
    temperature: z.number().min(0).max(2).optional(),
    max_output_tokens: z.number().int().positive().optional(),
  }),
]);

export const RunJudge = z.union([
  z
    .string()
    .min(1)
    .transform((spec) => ({ spec, batched: undefined as boolean | undefined })),
  z.object({
    spec: z.string().min(1),
    /** All checks of one answer in one call. */
    batched: z.boolean().optional(),
  }),
]);

/**
 * The YAML given to `gamut run`. Paths are relative to the config file.
 * Either `models` answer the questions, or `answers` names a file of existing answers.
 */
export const RunConfig = z
  .object({
    name: z
      .string()
      .min(1)
      .regex(/^[\w.-]+$/, 'letters, digits, ".", "_" and "-" only')
      .optional(),
    /** Meta-rubrics: JSON or JSONL (SPEC §2). */
    dataset: z.string().min(1),
    models: z.array(RunModel).default([]),
    /** Existing answers (JSONL of answer lines) to judge instead of, or beside, the models' answers. */
    answers: z.string().min(1).optional(),
    judges: z.array(RunJudge).min(1),
    /**
     * Narrows the settings graded; default: every setting the data has (a question without an image
     * is asked as it is, one with an image with it, and without it too when it has a `text_only_question`).
     */
    settings: z.array(Setting).min(1).optional(),
    /** Instructions for the models under test. */
    system_prompt: z.string().optional(),
    concurrency: z.number().int().positive().default(8),
    rpm: z.number().positive().optional(),
    tpm: z.number().positive().optional(),
    timeout_ms: z.number().int().positive().default(60_000),
    retries: z.number().int().nonnegative().default(4),
    lambda: z.number().gt(0).lt(1).default(0.5),
    mu: z.number().lt(0).default(-2),
    weights: Weights.default({ answer_critical: 0.6, valuable: 0.3, context: 0.1 }),
    seed: z.number().int().default(1),
    /** The run directory (docs/run-directory.md); default `runs/<name or config file name>`. */
    output: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.models.length === 0 && c.answers === undefined) {
      ctx.addIssue({ code: 'custom', path: ['models'], message: 'name the models under test, or an `answers` file' });
    }
    const names = modelNames(c.models);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['models'], message: `two models are named "${dup}"; give one a \`name\`` });
    }
    const w = c.weights;
    if (w.answer_critical + w.valuable + w.context <= 0) {
      ctx.addIssue({ code: 'custom', path: ['weights'], message: 'at least one weight must be positive' });
    }
  });
export type RunConfig = z.infer<typeof RunConfig>;
export type RunConfigInput = z.input<typeof RunConfig>;

/** The model part of a spec: `openai:gpt-4.1-mini` → `gpt-4.1-mini`, `openai-compatible:m@http://h/v1` → `m`. */
export function modelOfSpec(spec: string): string {
  const colon = spec.indexOf(':');
  const rest = colon < 0 ? spec : spec.slice(colon + 1);
  const at = rest.search(/@https?:\/\//);
  return (at < 0 ? rest : rest.slice(0, at)) || spec;
}

/**
 * Each model's display name, written into its answer lines: its `name`, else
 * the model part of its spec, else (when two models would share that) the
 * whole spec.
 */
export function modelNames(models: readonly { spec: string; name?: string | undefined }[]): string[] {
  const short = models.map((m) => m.name ?? modelOfSpec(m.spec));
  return models.map((m, i) => {
    if (m.name !== undefined) return m.name;
    const s = short[i] as string;
    return short.filter((x) => x === s).length > 1 ? m.spec : s;
  });
}
