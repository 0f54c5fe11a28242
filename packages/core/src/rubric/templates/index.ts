import { primaryLanguage } from '../../schema/index.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import type { CheckTemplates } from './types.js';
import { zh, zhHant } from './zh.js';

export { endsInConsonant, withParticle } from './korean-particles.js';
export type { CheckTemplates } from './types.js';

/** Check templates by primary language subtag; Chinese in Traditional script is `zh-Hant`. */
export const CHECK_TEMPLATES: Readonly<Record<string, CheckTemplates>> = {
  en,
  ko,
  ja,
  zh,
  'zh-Hant': zhHant,
  es,
  fr,
  de,
};

/** The key of `CHECK_TEMPLATES` a language tag uses, or undefined when it has no templates of its own. */
export function templateKey(language: string): string | undefined {
  const primary = primaryLanguage(language);
  if (primary === 'zh') return chineseScript(language) === 'Hant' ? 'zh-Hant' : 'zh';
  return primary !== 'zh-Hant' && Object.hasOwn(CHECK_TEMPLATES, primary) ? primary : undefined;
}

/** The templates of a language tag, picked by its primary subtag (`pt-BR` → none: English). */
export function templatesFor(language: string): CheckTemplates {
  const key = templateKey(language);
  return key === undefined ? en : (CHECK_TEMPLATES[key] as CheckTemplates);
}

/** `zh-TW`, `zh-HK` and `zh-Hant-*` are written in Traditional script; other Chinese in Simplified. */
function chineseScript(language: string): string | undefined {
  try {
    return new Intl.Locale(language).maximize().script;
  } catch {
    return undefined;
  }
}
