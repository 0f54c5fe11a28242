import { z } from 'zod';
import { Setting } from './ids.js';

export const Weights = z
  .object({
    answer_critical: z.number().nonnegative().describe('Weight of the answer_critical tier (default 0.6)'),
    valuable: z.number().nonnegative().describe('Weight of the valuable tier (default 0.3)'),
    context: z.number().nonnegative().describe('Weight of the context tier (default 0.1)'),
  })
  .describe('Tier weights of the Gamut score');
export type Weights = z.infer<typeof Weights>;

export const JudgeSpecRecord = z
  .object({
    spec: z.string().min(1).describe('The judge spec (offline, labels:<file>, openai:<model>, …)'),
    parameters: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('Judge parameters (temperature, max tokens, batched, …)'),
  })
  .describe('A judge of the run');

export const Manifest = z
  .object({
    run_id: z.string().min(1).describe('The run id (its name)'),
    toolkit_version: z.string().min(1).describe('The Gamut version that made the run'),
    config_hash: z
      .string()
      .optional()
      .describe('Hash of everything that decides the results; a changed config is refused on resume'),
    dataset_hash: z.string().min(1).describe('SHA-256 of the dataset'),
    rubric_hashes: z
      .record(z.string(), z.string())
      .describe('Rubric hash per question id; runs compare only on equal hashes'),
    models: z.array(z.string()).describe('The models whose answers were graded'),
    settings: z.array(Setting).default(['multimodal']).describe('The settings graded'),
    judges: z.array(JudgeSpecRecord).min(1).describe('The judges, in order'),
    prompt_templates: z
      .record(z.string(), z.string())
      .default({})
      .describe('Hash of each prompt template used, by name'),
    lambda: z.number().describe('Value of partially_meets (λ)'),
    mu: z.number().describe('Value of contradicts (μ)'),
    weights: Weights,
    seed: z.number().int().describe('Seed of the bootstrap and of any sampling'),
    started_at: z.string().describe('Start time (ISO 8601)'),
    ended_at: z.string().nullable().default(null).describe('End time (ISO 8601); null while running'),
  })
  .describe('What a run used: versions, hashes, judges, parameters, seed and times');
export type Manifest = z.infer<typeof Manifest>;
