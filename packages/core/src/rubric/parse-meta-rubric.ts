import type { z } from 'zod';
import { fromZodError, type Issue, type IssueContext } from '../issues/index.js';
import { MetaItem, MetaRubric, TIERS } from '../schema/index.js';
import { ITEM_TYPES, type ItemEntry, semanticIssues } from './validate-meta-rubric.js';

export type ParseMetaRubricResult = { value: MetaRubric; issues?: never } | { issues: Issue[]; value?: never };

/**
 * Schema and semantic rules together, every problem at once. When the schema
 * fails, the items it did accept still go through the semantic rules, so one
 * run of `gamut validate` shows the whole list.
 */
export function parseMetaRubric(input: unknown, ctx: IssueContext = {}): ParseMetaRubricResult {
  const qctx = { ...ctx, question: ctx.question ?? questionIdOf(input) };
  const parsed = MetaRubric.safeParse(input);
  const rawItems = arrayField(input, 'items');
  const rawSnippets = arrayField(input, 'snippets');

  if (parsed.success) {
    const entries = parsed.data.items.map((item, index) => ({ index, raw: rawItems[index], item }));
    const issues = semanticIssues({ items: entries, rawSnippets: parsed.data.snippets }, qctx);
    return issues.length ? { issues } : { value: parsed.data };
  }

  const entries: ItemEntry[] = rawItems.map((raw, index) => {
    const item = MetaItem.safeParse(raw);
    return item.success ? { index, raw, item: item.data } : { index, raw };
  });
  const issues = [
    ...friendlier(fromZodError(parsed.error, input, qctx), parsed.error, input),
    ...semanticIssues({ items: entries, rawSnippets }, qctx),
  ];
  return { issues };
}

/** Zod's generic wording for the two mistakes people make most, rewritten to name the value and the choices. */
function friendlier(issues: Issue[], error: z.ZodError, input: unknown): Issue[] {
  return issues.map((issue, i) => {
    const zi = error.issues[i];
    const key = zi?.path.at(-1);
    if (zi?.code === 'too_small' && zi.path.length === 1 && key === 'items') {
      return { ...issue, rule: 'empty-list', message: '"items" is empty: a meta-rubric needs at least one item' };
    }
    if (!zi || (key !== 'type' && key !== 'tier')) return issue;
    const value = valueAt(input, zi.path);
    const shown = value === undefined ? 'missing' : JSON.stringify(value);
    if (key === 'type' && zi.code === 'invalid_union' && zi.path[0] === 'items') {
      return {
        ...issue,
        rule: 'unknown-item-type',
        message: `item type ${shown} is not one of ${ITEM_TYPES.join(', ')}`,
      };
    }
    if (key === 'tier' && (zi.code === 'invalid_value' || zi.code === 'invalid_type')) {
      return { ...issue, rule: 'unknown-tier', message: `tier ${shown} is not one of ${TIERS.join(', ')}` };
    }
    return issue;
  });
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function arrayField(input: unknown, key: string): unknown[] {
  const v = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  return Array.isArray(v) ? v : [];
}

function questionIdOf(input: unknown): string | undefined {
  const v = input !== null && typeof input === 'object' ? (input as { question_id?: unknown }).question_id : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
}
