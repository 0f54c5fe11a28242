import type { Setting } from '../schema/index.js';
import type { UnscoredAnswer } from '../score/index.js';

/**
 * "2 refusal, 1 provider_error": the failed checks of one model's unscored
 * answers in one setting, by kind, most frequent first (ties by name), as
 * every table, the report and the viewer say it.
 */
export function failureKindCounts(
  unscored: readonly UnscoredAnswer[],
  unit: { model: string; setting: Setting },
): string {
  const counts = new Map<string, number>();
  for (const u of unscored) {
    if (u.model !== unit.model || u.setting !== unit.setting) continue;
    for (const k of u.kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
}

/** "3 answers unscored (judge failures: 2 refusal, 1 provider_error)", or '' when none is. */
export function unscoredNote(
  count: number,
  unscored: readonly UnscoredAnswer[],
  unit: { model: string; setting: Setting },
): string {
  if (count === 0) return '';
  return `${count} answer${count === 1 ? '' : 's'} unscored (judge failures: ${failureKindCounts(unscored, unit)})`;
}
