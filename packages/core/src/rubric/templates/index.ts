import type { Language } from '../../schema/index.js';
import { en } from './en.js';
import { ko } from './ko.js';
import type { CheckTemplates } from './types.js';

export { endsInConsonant, withParticle } from './korean-particles.js';
export type { CheckTemplates } from './types.js';

export const CHECK_TEMPLATES: Readonly<Record<Language, CheckTemplates>> = { en, ko };

export function templatesFor(language: Language): CheckTemplates {
  return CHECK_TEMPLATES[language];
}
