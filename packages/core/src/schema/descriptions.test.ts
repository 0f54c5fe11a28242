import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES, jsonSchemaOf } from './registry.js';

type Node = Record<string, unknown>;

/** JSON paths of object properties whose schema has no `description`, anywhere in `schema`. */
function undescribed(schema: unknown, path = '$'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Node;
  const out: string[] = [];
  const props = node.properties as Record<string, Node> | undefined;
  for (const [key, prop] of Object.entries(props ?? {})) {
    if (typeof prop.description !== 'string' || prop.description.trim() === '') out.push(`${path}.${key}`);
    out.push(...undescribed(prop, `${path}.${key}`));
  }
  for (const key of ['items', 'additionalProperties']) out.push(...undescribed(node[key], `${path}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const [i, sub] of ((node[key] as unknown[]) ?? []).entries()) out.push(...undescribed(sub, `${path}|${i}`));
  }
  return out;
}

describe('published JSON Schemas', () => {
  it.each(FORMAT_NAMES)('%s: every field has a description', (name) => {
    const schema = jsonSchemaOf(name) as Node;
    expect(typeof schema.description, `${name} itself`).toBe('string');
    expect(undescribed(schema)).toEqual([]);
  });
});
