import type { Issue } from '@gamut/core';

/**
 * Warnings on stderr, one line per distinct message with the questions it
 * concerns (the first few named), so a thousand questions in one language
 * without templates make one line, not a thousand.
 */
export function formatWarnings(warnings: readonly Issue[], shown = 3): string {
  const byMessage = new Map<string, { rule: string; questions: string[] }>();
  for (const w of warnings) {
    const seen = byMessage.get(w.message) ?? { rule: w.rule, questions: [] };
    if (w.question !== undefined) seen.questions.push(w.question);
    byMessage.set(w.message, seen);
  }
  let out = '';
  for (const [message, { rule, questions }] of byMessage) {
    const named = questions.slice(0, shown).join(', ');
    const more = questions.length > shown ? ` and ${questions.length - shown} more` : '';
    const which = questions.length === 0 ? '' : ` (question${questions.length === 1 ? '' : 's'} ${named}${more})`;
    out += `gamut: warning: ${message}${which} [${rule}]\n`;
  }
  return out;
}
