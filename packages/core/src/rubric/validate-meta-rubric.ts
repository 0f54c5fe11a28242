import { formatPath, type Issue, type IssueContext } from '../issues/index.js';
import { MetaItem, type MetaRubric } from '../schema/index.js';

/** An item as written, and its parsed form when the schema accepted it. */
export interface ItemEntry {
  readonly index: number;
  /** As written in the file; absent when only the parsed item is at hand. */
  readonly raw?: unknown;
  readonly item?: MetaItem;
}

/** The parts of a meta-rubric the semantic rules look at; parsed parts may be missing when the schema failed. */
export interface SemanticInput {
  readonly items: readonly ItemEntry[];
  readonly rawSnippets: readonly unknown[];
}

type Path = readonly PropertyKey[];

/** Fields that mean something only on some item types; elsewhere they are a mistake the schema would silently drop. */
const TYPE_FIELDS: Record<string, readonly MetaItem['type'][]> = {
  members: ['strict_list', 'flexible_list'],
  insights: ['strict_list', 'flexible_list', 'process'],
  baseline: ['flexible_list'],
  coverage: ['flexible_list'],
  steps: ['process'],
  aspects: ['relationship'],
  entity: ['relationship'],
};

/** The item types, read off the schema so messages never drift from it. */
export const ITEM_TYPES: readonly MetaItem['type'][] = MetaItem.options.map((o) => o.shape.type.value);
const KNOWN_TYPES: ReadonlySet<string> = new Set(ITEM_TYPES);

/**
 * The rules of SPEC §2 that a schema cannot express. Returns every issue, each
 * naming the question, item, JSON path and rule.
 */
export function validateMetaRubric(meta: MetaRubric, ctx: IssueContext = {}): Issue[] {
  // A parsed value has no stray fields left to place (the schema dropped them), so no `raw` is given.
  return semanticIssues(
    { items: meta.items.map((item, index) => ({ index, item })), rawSnippets: meta.snippets },
    { ...ctx, question: ctx.question ?? meta.question_id },
  );
}

/** The same rules over items as written, parsed where the schema accepted them (see `parseMetaRubric`). */
export function semanticIssues(input: SemanticInput, ctx: IssueContext): Issue[] {
  const issues: Issue[] = [];
  const at = (rule: string, message: string, path: Path, item?: string) =>
    issues.push({
      rule,
      message,
      path: formatPath([...(ctx.pathPrefix ?? []), ...path]),
      ...(ctx.file !== undefined && { file: ctx.file }),
      ...(ctx.line !== undefined && { line: ctx.line }),
      ...(ctx.question !== undefined && { question: ctx.question }),
      ...(item !== undefined && { item }),
    });

  const snippetIds = new Set<string>();
  input.rawSnippets.forEach((s, i) => {
    const id = idOf(s);
    if (id === undefined) return;
    if (snippetIds.has(id)) at('duplicate-id', `snippet id "${id}" is used more than once`, ['snippets', i, 'id']);
    snippetIds.add(id);
  });

  const firstIndex = new Map<string, number>();
  for (const { index, raw, item } of input.items) {
    const id = item?.id ?? idOf(raw);
    if (id === undefined) continue;
    const first = firstIndex.get(id);
    if (first !== undefined) {
      at('duplicate-id', `item id "${id}" is already used by items[${first}]`, ['items', index, 'id'], id);
    } else firstIndex.set(id, index);
  }

  for (const entry of input.items) {
    checkFieldPlacement(entry, at);
    if (entry.item) checkItem(entry.item, ['items', entry.index], snippetIds, at);
  }
  return issues;
}

type At = (rule: string, message: string, path: Path, item?: string) => void;

function checkFieldPlacement({ raw, index }: ItemEntry, at: At): void {
  if (raw === null || typeof raw !== 'object') return;
  const type = (raw as { type?: unknown }).type;
  // An unknown type is reported by the schema; which fields it may have is then moot.
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return;
  for (const [field, types] of Object.entries(TYPE_FIELDS)) {
    if (!(field in raw) || (types as readonly string[]).includes(type)) continue;
    const hint = field === 'insights' ? '; use a top-level meta_insight item instead' : '';
    at(
      'field-not-allowed',
      `"${field}" is allowed only on ${types.join(', ')} items, not on a ${type}${hint}`,
      ['items', index, field],
      idOf(raw),
    );
  }
}

function checkItem(item: MetaItem, path: Path, snippetIds: ReadonlySet<string>, at: At): void {
  const refs = (list: readonly string[] | undefined, where: Path): void => {
    list?.forEach((ref, j) => {
      if (snippetIds.has(ref)) return;
      const known = snippetIds.size
        ? `; the question's snippets are ${[...snippetIds].join(', ')}`
        : '; the question has no snippets';
      at(
        'unknown-snippet',
        `snippet "${ref}" is not a snippet of this question${known}`,
        [...where, 'snippets', j],
        item.id,
      );
    });
  };
  const nonEmpty = (field: string, length: number, what: string) => {
    if (length > 0) return;
    at('empty-list', `"${field}" is empty: a ${item.type} needs at least one ${what}`, [...path, field], item.id);
  };

  // The path of a nested entry is built only when one of its references is unknown: this runs for every entry of every rubric compiled.
  const nested = (field: string, list: readonly { snippets?: readonly string[] | undefined }[] | undefined) => {
    if (!list) return;
    for (let j = 0; j < list.length; j++) {
      const snippets = list[j]?.snippets;
      if (snippets?.some((ref) => !snippetIds.has(ref))) refs(snippets, [...path, field, j]);
    }
  };

  refs(item.snippets, path);
  switch (item.type) {
    case 'strict_list':
    case 'flexible_list':
      nonEmpty('members', item.members.length, 'member');
      nested('members', item.members);
      break;
    case 'process':
      nonEmpty('steps', item.steps.length, 'step');
      nested('steps', item.steps);
      break;
    case 'relationship':
      nonEmpty('aspects', item.aspects.length, 'aspect');
      nested('aspects', item.aspects);
      break;
  }
  if (item.type === 'strict_list' || item.type === 'flexible_list' || item.type === 'process') {
    nested('insights', item.insights);
  }
  if (item.type === 'flexible_list') checkThresholds(item, path, at);
}

function checkThresholds(item: Extract<MetaItem, { type: 'flexible_list' }>, path: Path, at: At): void {
  const n = item.members.length;
  const { baseline, coverage } = item;
  if (baseline.length < 1 || baseline.length > 2) {
    at(
      'baseline-count',
      `"baseline" must hold one or two thresholds, not ${baseline.length}`,
      [...path, 'baseline'],
      item.id,
    );
  }
  baseline.forEach((b, j) => {
    if (b < 1 || b > n) {
      at(
        'baseline-range',
        `baseline ${b} is outside 1..${n}: the list has ${n} member${n === 1 ? '' : 's'}`,
        [...path, 'baseline', j],
        item.id,
      );
    }
    if (baseline.indexOf(b) < j)
      at('duplicate-threshold', `baseline ${b} is given twice`, [...path, 'baseline', j], item.id);
  });
  const top = baseline.length ? Math.max(...baseline) : 0;
  coverage?.forEach((c, j) => {
    if (c <= top) {
      at(
        'coverage-not-above-baseline',
        `coverage ${c} must be greater than every baseline (largest: ${top})`,
        [...path, 'coverage', j],
        item.id,
      );
    } else if (c > n) {
      at(
        'coverage-range',
        `coverage ${c} is larger than the list: it has ${n} member${n === 1 ? '' : 's'}`,
        [...path, 'coverage', j],
        item.id,
      );
    }
    if (coverage.indexOf(c) < j)
      at('duplicate-threshold', `coverage ${c} is given twice`, [...path, 'coverage', j], item.id);
  });
}

function idOf(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
