import { z } from 'zod';
import { Language } from '../schema/ids.js';

/** One line of `gamut build init --images FILE`: an image (or plain topic) and what the builder knows about it. */
export const BuildImage = z
  .object({
    id: z
      .string()
      .regex(/^[\w-]+$/, 'letters, digits, "_" and "-" only')
      .optional()
      .describe('Image id, unique in the build; default img-<line>'),
    image: z
      .string()
      .min(1)
      .optional()
      .describe('Path (relative to the images file) or http(s) URL of the image; absent for a plain topic'),
    entity: z.string().min(1).describe('What the image shows; known to the builder, never named in a question'),
    domain: z.string().min(1).describe('Free label, e.g. food, plants, vehicles'),
    popularity: z.enum(['head', 'torso', 'tail']).describe('How well known the entity is'),
    language: Language.default('en').describe('Language the questions are asked in (BCP 47)'),
    aliases: z.array(z.string().min(1)).default([]).describe('Other names of the entity, also never named'),
  })
  .strict()
  .describe('An image (or topic) to build one question and its rubric for');
export type BuildImage = z.infer<typeof BuildImage> & { id: string };

/** Rounds, attempts and reviewers of a build; every value has a default so a build needs only a model. */
export const BuildConfig = z
  .object({
    model: z
      .string()
      .min(1)
      .describe('Model spec for every LLM step, e.g. anthropic:claude-sonnet-4-5 or mock:<replies.jsonl>'),
    search: z.string().min(1).describe('Search provider spec, e.g. local:<folder> or tavily'),
    seed: z.number().int().default(1).describe('Seed of every sampled choice and of model calls that take one'),
    candidates_per_image: z.number().int().min(1).max(10).default(3).describe('Candidates asked for per image'),
    max_rounds: z.number().int().min(1).default(4).describe('Question review rounds before an image is dropped'),
    max_attempts: z
      .number()
      .int()
      .min(1)
      .default(3)
      .describe(
        'Replies per LLM step before it is a recorded failure (a rule-breaking reply goes back with its problems)',
      ),
    search_results: z.number().int().min(1).default(5).describe('Documents fetched per search'),
    annotators: z
      .array(z.string().min(1))
      .default([])
      .describe('The annotators expected on question review, so status can say who has items waiting'),
    adjudicator: z.string().min(1).optional().describe('Who adjudicates disagreements'),
  })
  .strict()
  .describe('The configuration of a build (build.json)');
export type BuildConfig = z.infer<typeof BuildConfig>;

/** What `gamut build init` writes beside the store: the build's identity and the inputs it was made from. */
export const BuildManifest = z
  .object({
    build_id: z.string().min(1),
    toolkit_version: z.string(),
    created_at: z.string(),
    images_file: z.string().describe('The images file as given to init'),
    images_hash: z.string().describe('SHA-256 of images.jsonl as copied into the build'),
    templates: z.array(z.object({ name: z.string(), version: z.number().int(), sha256: z.string() })),
    config: BuildConfig,
  })
  .strict()
  .describe('A build directory’s manifest (manifest.json)');
export type BuildManifest = z.infer<typeof BuildManifest>;

/** The default id of the image on `line` of the images file. */
export function defaultImageId(line: number): string {
  return `img-${String(line).padStart(3, '0')}`;
}
