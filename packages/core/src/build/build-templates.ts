import type { BuildTemplate } from './build-template.js';
import { CANDIDATES_PROMPT } from './prompts/candidates-prompt.js';
import { FILTER_PROMPT } from './prompts/filter-prompt.js';
import { REFINE_PROMPT, RUBRIC_PROMPT } from './prompts/rubric-prompt.js';

/** Every prompt template of a build, for its manifest. */
export const BUILD_TEMPLATES: readonly BuildTemplate[] = [
  CANDIDATES_PROMPT,
  FILTER_PROMPT,
  RUBRIC_PROMPT,
  REFINE_PROMPT,
];
