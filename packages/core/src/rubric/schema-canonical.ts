import { z } from 'zod';
import { canonicalJson, quoteJson } from '../schema/index.js';

/**
 * What a zod schema says about a value's JSON shape: enough to write its
 * canonical JSON without listing and sorting every object's keys at run time.
 */
type Plan =
  | { readonly kind: 'leaf' }
  | { readonly kind: 'any' }
  | { readonly kind: 'array'; readonly of: Plan }
  | { readonly kind: 'object'; readonly fields: readonly Field[] };

interface Field {
  readonly key: string;
  /** `"key":`, quoted once when the plan is made. */
  readonly head: string;
  readonly plan: Plan;
}

const LEAF: Plan = { kind: 'leaf' };
const ANY: Plan = { kind: 'any' };

/**
 * A writer of `canonicalJson(value)` specialised to a schema: keys come in an
 * order sorted once, from the schema. The output is identical for every value
 * (the property test compares them): anything the plan does not describe (an
 * unexpected type, a key the schema does not list, an explicitly undefined
 * member) falls back to `canonicalJson` for that part.
 */
export function canonicalWriterFor(schema: z.ZodType): (value: unknown) => string {
  return writerOf(planOf(schema));
}
function planOf(schema: z.ZodType): Plan {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable) {
    return planOf(schema.unwrap() as z.ZodType);
  }
  if (
    schema instanceof z.ZodString ||
    schema instanceof z.ZodNumber ||
    schema instanceof z.ZodBoolean ||
    schema instanceof z.ZodEnum ||
    schema instanceof z.ZodLiteral
  ) {
    return LEAF;
  }
  if (schema instanceof z.ZodArray) return { kind: 'array', of: planOf(schema.element as z.ZodType) };
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const fields = Object.keys(shape)
      .sort()
      .map((key) => ({ key, head: `${quoteJson(key)}:`, plan: planOf(shape[key] as z.ZodType) }));
    return { kind: 'object', fields };
  }
  // A discriminated union's options share one plan: the union of their fields.
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).map(planOf).reduce(merge);
  return ANY;
}

function merge(a: Plan, b: Plan): Plan {
  if (a.kind === 'leaf' && b.kind === 'leaf') return LEAF;
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', of: merge(a.of, b.of) };
  if (a.kind === 'object' && b.kind === 'object') {
    const byKey = new Map(a.fields.map((f) => [f.key, f]));
    for (const f of b.fields) {
      const had = byKey.get(f.key);
      byKey.set(f.key, had ? { ...had, plan: merge(had.plan, f.plan) } : f);
    }
    const fields = [...byKey.values()].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    return { kind: 'object', fields };
  }
  return ANY;
}

type Writer = (value: unknown) => string;

/** Each plan node becomes a closure once, so writing a value does no dispatch on the plan. */
function writerOf(plan: Plan): Writer {
  switch (plan.kind) {
    case 'leaf':
      return (value) => (typeof value === 'string' ? quoteJson(value) : canonicalJson(value));
    case 'array': {
      const of = writerOf(plan.of);
      return (value) => (Array.isArray(value) ? writeArray(value, of) : canonicalJson(value));
    }
    case 'object': {
      const fields = plan.fields.map((f) => ({ key: f.key, head: f.head, write: writerOf(f.plan) }));
      return (value) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? writeObject(value as Record<string, unknown>, fields)
          : canonicalJson(value);
    }
    default:
      return canonicalJson;
  }
}

function writeArray(value: readonly unknown[], of: Writer): string {
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ',';
    const v = value[i];
    out += v === undefined ? 'null' : of(v);
  }
  return `${out}]`;
}

interface FieldWriter {
  readonly key: string;
  readonly head: string;
  readonly write: Writer;
}

function writeObject(obj: Record<string, unknown>, fields: readonly FieldWriter[]): string {
  let out = '{';
  let written = 0;
  let undefinedOwn = 0;
  for (const f of fields) {
    const v = obj[f.key];
    if (v === undefined) {
      // Dropped from the JSON like any undefined member, but still an own key to account for below.
      if (Object.hasOwn(obj, f.key)) undefinedOwn++;
      continue;
    }
    out += written === 0 ? f.head : `,${f.head}`;
    out += f.write(v);
    written++;
  }
  // Every own key is one of the schema's: otherwise a key the plan does not know exists, and the generic writer decides.
  return Object.keys(obj).length === written + undefinedOwn ? `${out}}` : canonicalJson(obj);
}
