import { z } from 'zod';
import { Setting } from './ids.js';

export const Weights = z.object({
  answer_critical: z.number().nonnegative(),
  valuable: z.number().nonnegative(),
  context: z.number().nonnegative(),
});
export type Weights = z.infer<typeof Weights>;

export const JudgeSpecRecord = z.object({
  spec: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()).default({}),
});

export const Manifest = z.object({
  run_id: z.string().min(1),
  toolkit_version: z.string().min(1),
  config_hash: z.string().optional(),
  dataset_hash: z.string().min(1),
  rubric_hashes: z.record(z.string(), z.string()),
  models: z.array(z.string()),
  settings: z.array(Setting).default(['multimodal']),
  judges: z.array(JudgeSpecRecord).min(1),
  prompt_templates: z.record(z.string(), z.string()).default({}),
  lambda: z.number(),
  mu: z.number(),
  weights: Weights,
  seed: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable().default(null),
});
export type Manifest = z.infer<typeof Manifest>;
