import { formatPath, type Issue } from '../issues/issue.js';
import { isShortList, SHORT_LIST_MAX } from '../rubric/thresholds.js';
import type { MetaRubric } from '../schema/meta-rubric.js';

/** Item types whose members or steps an insight can sum up. */
const CARRY_INSIGHTS = new Set(['strict_list', 'flexible_list', 'process']);

/**
 * Fields that read without error but change nothing: keys the format does
 * not have (a typo, a field of another format) and, in meta-rubrics, fields
 * the compile rules skip. `raw` is the record as written, `parsed` what the
 * schema made of it (unknown keys are dropped there, which is how they are found).
 */
export function ignoredFieldWarnings(raw: unknown, parsed: unknown, isMeta: boolean): Omit<Issue, 'file'>[] {
  const out: Omit<Issue, 'file'>[] = [];
  for (const { path, key, parent } of droppedKeys(raw, parsed, [])) {
    const type = isObject(parent) ? parent.type : undefined;
    const message =
      isMeta && key === 'insights' && typeof type === 'string' && !CARRY_INSIGHTS.has(type)
        ? `"insights" is ignored on a ${type} item: only strict_list, flexible_list and process items carry insights`
        : `"${key}" is not a field of this format and is ignored`;
    out.push({ rule: 'ignored-field', message, path: formatPath(path) });
  }
  if (isMeta) out.push(...unusedCoverage(parsed as MetaRubric));
  return out;
}

function unusedCoverage(meta: MetaRubric): Omit<Issue, 'file'>[] {
  const out: Omit<Issue, 'file'>[] = [];
  meta.items.forEach((item, i) => {
    if (item.type !== 'flexible_list' || item.coverage === undefined || !isShortList(item)) return;
    out.push({
      rule: 'ignored-field',
      message:
        `"coverage" is ignored: a flexible list of ${item.members.length} members (at most ${SHORT_LIST_MAX}) ` +
        `in tier ${item.tier} is credited member by member; coverage applies to longer lists and to tier context`,
      path: formatPath(['items', i, 'coverage']),
      item: item.id,
    });
  });
  return out;
}

/** Keys present in `raw` that the schema dropped from `parsed`, walking both together. */
function* droppedKeys(
  raw: unknown,
  parsed: unknown,
  path: PropertyKey[],
): Generator<{ path: PropertyKey[]; key: string; parent: unknown }> {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    for (let i = 0; i < Math.min(raw.length, parsed.length); i++) yield* droppedKeys(raw[i], parsed[i], [...path, i]);
    return;
  }
  if (!isObject(raw) || !isObject(parsed)) return;
  for (const key of Object.keys(raw)) {
    if (!(key in parsed)) {
      if (raw[key] !== undefined) yield { path: [...path, key], key, parent: raw };
      continue;
    }
    yield* droppedKeys(raw[key], parsed[key], [...path, key]);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
