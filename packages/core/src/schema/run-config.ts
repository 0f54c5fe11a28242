import { z } from 'zod';
import { DEFAULT_RETRIES } from './call-defaults.js';
import { Setting } from './ids.js';
import { Weights } from './manifest.js';

/** A model under test: `spec` as for judges (`openai:gpt-4.1`, `openai-compatible:m@http://…`, `mock:echo`). */
export const RunModel = z
  .union([
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
      spec: z
        .string()
        .min(1)
        .describe('Model spec, as for judges: openai:<model>, anthropic:<model>, openai-compatible:<model>@<URL>, …'),
      /** The name written into answer lines and shown in tables; default: the model part of the spec (`modelNames`). */
      name: z
        .string()
        .min(1)
        .optional()
        .describe('Name written into answer lines and shown in tables; default: the model part of the spec'),
      temperature: z.number().min(0).max(2).optional().describe('Sampling temperature of the model under test'),
      max_output_tokens: z.number().int().positive().optional().describe('Output token limit of its answers'),
    }),
  ])
  .describe('A model under test: a spec, or an object with a spec and options');

export const RunJudge = z
  .union([
    z
      .string()
      .min(1)
      .transform((spec) => ({ spec, batched: undefined as boolean | undefined })),
    z.object({
      spec: z.string().min(1).describe('Judge spec: offline, labels:<file> (relative to this file), openai:<model>, …'),
      /** All checks of one answer in one call. */
      batched: z.boolean().optional().describe('Grade all checks of one answer in one call'),
    }),
  ])
  .describe('A judge: a spec, or an object with a spec and options');

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
      .optional()
      .describe('Run id; default: the config file name'),
    /** Meta-rubrics: JSON or JSONL. */
    dataset: z.string().min(1).describe('Meta-rubrics file (JSON, JSON array or JSONL), relative to this file'),
    rubrics: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Compiled rubrics (JSONL), relative to this file, graded instead of the dataset's own compilation: one per question, compiled from the same meta-rubric (e.g. a build release's rubrics.jsonl, with the reviewers' edits)",
      ),
    models: z.array(RunModel).default([]).describe('Models under test that answer the questions'),
    /** Existing answers (JSONL of answer lines) to judge instead of, or beside, the models' answers. */
    answers: z
      .string()
      .min(1)
      .optional()
      .describe("Existing answers (JSONL or CSV) to judge instead of, or beside, the models' answers"),
    judges: z.array(RunJudge).min(1).describe("Judges, in order; the first one's scores are the headline"),
    /**
     * Narrows the settings graded; default: every setting the data has (a question without an image
     * is asked as it is, one with an image with it, and without it too when it has a `text_only_question`).
     */
    settings: z
      .array(Setting)
      .min(1)
      .optional()
      .describe('Narrows the settings graded; default: every setting the data has'),
    /** Instructions for the models under test. */
    system_prompt: z.string().optional().describe('Instructions for the models under test'),
    concurrency: z.number().int().positive().default(8).describe('Calls in flight at once'),
    rpm: z
      .number()
      .positive()
      .optional()
      .describe('Requests per minute at most; without it the pace is learned from the provider'),
    tpm: z.number().positive().optional().describe('Tokens per minute at most'),
    timeout_ms: z.number().int().positive().default(60_000).describe('Deadline of one call attempt, in milliseconds'),
    retries: z
      .number()
      .int()
      .nonnegative()
      .default(DEFAULT_RETRIES)
      .describe(
        'Retries of one call on 5xx, timeouts, network errors and garbled replies; rate-limit 429s are waited out without using one',
      ),
    lambda: z.number().gt(0).lt(1).default(0.5).describe('Value of partially_meets (λ), 0 < λ < 1'),
    mu: z.number().lt(0).default(-2).describe('Value of contradicts (μ), below 0'),
    weights: Weights.default({ answer_critical: 0.6, valuable: 0.3, context: 0.1 }),
    seed: z.number().int().default(1).describe('Seed of the bootstrap intervals'),
    /** The run directory (docs/run-directory.md); default `runs/<name or config file name>`. */
    output: z.string().min(1).optional().describe('The run directory, relative to this file; default runs/<name>'),
  })
  .strict()
  .describe('A run: models answer (or an answers file), judges grade, scores; paths relative to this file')
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
