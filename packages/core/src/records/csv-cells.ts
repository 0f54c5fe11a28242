/**
 * CSV cells are text; the formats they stand for are typed. This turns one
 * row into the record its schema expects, by reading the (zod) schema itself,
 * so a field added to a format reads from CSV without a change here:
 * numbers and booleans are parsed, an empty cell is absent (or null where the
 * field is nullable), a nested object comes from `parent_child` or
 * `parent.child` columns, and a list or object may sit in one cell as JSON.
 * Columns the schema does not name are kept as text, so validation can name them.
 */

/** The parts of a zod 4 schema's definition this reads; anything else is treated as text. */
interface SchemaDef {
  readonly type?: string;
  readonly innerType?: SchemaNode;
  readonly in?: SchemaNode;
  readonly out?: SchemaNode;
  readonly options?: readonly SchemaNode[];
  readonly shape?: Readonly<Record<string, SchemaNode>>;
  readonly getter?: () => SchemaNode;
  readonly values?: readonly unknown[];
}
type SchemaNode = unknown;

const ABSENT = Symbol('absent');

/** What one field expects, with the wrappers peeled off. */
interface FieldType {
  /** The innermost definition: `string`, `number`, `object`, `union`, … */
  readonly def: SchemaDef | undefined;
  readonly optional: boolean;
  readonly nullable: boolean;
}

function defOf(node: SchemaNode): SchemaDef | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  return (node as { _zod?: { def?: SchemaDef } })._zod?.def;
}

function fieldType(node: SchemaNode): FieldType {
  let optional = false;
  let nullable = false;
  let def = defOf(node);
  for (let hops = 0; def && hops < 32; hops++) {
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault' || def.type === 'catch') {
      optional = true;
      def = defOf(def.innerType);
    } else if (def.type === 'nullable') {
      nullable = true;
      def = defOf(def.innerType);
    } else if (def.type === 'readonly' || def.type === 'nonoptional') {
      def = defOf(def.innerType);
    } else if (def.type === 'pipe') {
      // A preprocess is a pipe out of a transform: its input is whatever the transform takes, so read the output.
      def = defOf(def.in)?.type === 'transform' ? defOf(def.out) : defOf(def.in);
    } else if (def.type === 'lazy' && def.getter) {
      def = defOf(def.getter());
    } else break;
  }
  return { def, optional, nullable };
}

/** The object shape a schema describes, if it is (or wraps) an object. */
function shapeOf(node: SchemaNode): Readonly<Record<string, SchemaNode>> | undefined {
  const { def } = fieldType(node);
  return def?.type === 'object' ? def.shape : undefined;
}

/**
 * One row (column → cell) as the record `schema` expects. A union of record
 * shapes (a verdict line or a judge-failure line) is read as the first shape
 * the row fits, or, when none does, as the one it misses least, so the
 * schema's message is about the shape the row meant.
 */
export function recordFromCells(cells: Readonly<Record<string, string>>, schema: SchemaNode): Record<string, unknown> {
  const { def } = fieldType(schema);
  if (def?.type === 'union' && def.options) {
    let best: { value: Record<string, unknown>; misses: number } | undefined;
    for (const option of def.options) {
      const value = recordFromCells(cells, option);
      const misses = issueCount(option, value);
      if (misses === 0) return value;
      if (best === undefined || misses < best.misses) best = { value, misses };
    }
    if (best) return best.value;
  }
  const shape = shapeOf(schema);
  if (!shape) return { ...cells };
  return objectFromCells(cells, shape, '');
}

/** How many issues `schema` finds in `value` (0: it parses); a node that cannot say counts as fitting nothing. */
function issueCount(schema: SchemaNode, value: unknown): number {
  const parse = (schema as { safeParse?: (v: unknown) => { success: boolean; error?: { issues: unknown[] } } })
    .safeParse;
  if (typeof parse !== 'function') return Number.POSITIVE_INFINITY;
  const got = parse.call(schema, value);
  return got.success ? 0 : (got.error?.issues.length ?? 1);
}

function objectFromCells(
  cells: Readonly<Record<string, string>>,
  shape: Readonly<Record<string, SchemaNode>>,
  prefix: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const used = new Set<string>();
  for (const [key, node] of Object.entries(shape)) {
    const column = `${prefix}${key}`;
    const field = fieldType(node);
    const cell = cells[column];
    if (cell !== undefined) {
      used.add(column);
      const v = cellValue(cell, field);
      if (v !== ABSENT) out[key] = v;
      continue;
    }
    const inner = field.def?.type === 'object' ? field.def.shape : undefined;
    if (!inner) continue;
    const nested = nestedColumns(cells, column);
    if (!nested) continue;
    for (const c of Object.keys(cells)) if (c.startsWith(`${column}${nested}`)) used.add(c);
    if (Object.keys(cells).every((c) => !c.startsWith(`${column}${nested}`) || cells[c] === '')) {
      // Every cell of the nested object is empty: the object is not there.
      if (field.nullable) out[key] = null;
      else if (!field.optional) out[key] = objectFromCells(cells, inner, `${column}${nested}`);
      continue;
    }
    out[key] = objectFromCells(cells, inner, `${column}${nested}`);
  }
  // Columns the schema does not know stay, as text, at the top level (where validation reports them).
  if (prefix === '') for (const [c, v] of Object.entries(cells)) if (!used.has(c) && v !== '') out[c] = v;
  return out;
}

/** The separator a nested object's columns use after `column` (`_` or `.`), if any column has one. */
function nestedColumns(cells: Readonly<Record<string, string>>, column: string): '_' | '.' | undefined {
  for (const sep of ['.', '_'] as const) {
    if (Object.keys(cells).some((c) => c.startsWith(`${column}${sep}`))) return sep;
  }
  return undefined;
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function cellValue(cell: string, field: FieldType): unknown {
  if (cell === '') {
    if (field.nullable) return null;
    if (field.optional) return ABSENT;
  }
  return typed(cell, field.def);
}

function typed(cell: string, def: SchemaDef | undefined): unknown {
  switch (def?.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return NUMERIC.test(cell.trim()) ? Number(cell.trim()) : cell;
    case 'boolean':
      return /^(true|false)$/i.test(cell.trim()) ? cell.trim().toLowerCase() === 'true' : cell;
    case 'null':
      return cell === '' || cell === 'null' ? null : cell;
    case 'literal':
      return literal(cell, def.values ?? []);
    case 'union':
      return union(cell, def.options ?? []);
    case 'array':
    case 'tuple':
    case 'object':
    case 'record':
      return json(cell);
    default:
      return cell;
  }
}

function literal(cell: string, values: readonly unknown[]): unknown {
  if (values.includes(cell)) return cell;
  const n = Number(cell.trim());
  if (NUMERIC.test(cell.trim()) && values.includes(n)) return n;
  const b = cell.trim().toLowerCase();
  if ((b === 'true' || b === 'false') && values.includes(b === 'true')) return b === 'true';
  return cell;
}

/** A union takes the cell as text when any option does; else the first typed reading that changes it. */
function union(cell: string, options: readonly SchemaNode[]): unknown {
  const defs = options.map((o) => fieldType(o).def);
  const textLike = ['string', 'enum', 'template_literal', 'unknown', 'any'];
  if (defs.some((d) => textLike.includes(d?.type ?? '') || (d?.type === 'literal' && d.values?.includes(cell)))) {
    return cell;
  }
  for (const d of defs) {
    const v = typed(cell, d);
    if (v !== cell) return v;
  }
  return cell;
}

/** A list or object written into one cell as JSON; left as text (for the schema to name) when it is not JSON. */
function json(cell: string): unknown {
  const t = cell.trim();
  if (!t.startsWith('[') && !t.startsWith('{')) return cell;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return cell;
  }
}
