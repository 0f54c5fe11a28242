import { hashCanonical } from '../schema/canonical.js';

/**
 * The hash a run is resumed under, from named parts (dataset, rubrics, models,
 * judges, templates, parameters…), so that a refusal can name what changed.
 */
export function hashConfigParts(parts: Readonly<Record<string, unknown>>): {
  configHash: string;
  configParts: Record<string, string>;
} {
  const configParts: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts)) configParts[name] = hashCanonical(value ?? null);
  return { configHash: hashCanonical(configParts), configParts };
}

/** Names of the parts whose hash differs (or that only one side has), sorted. */
export function changedConfigParts(
  stored: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
): string[] {
  const names = new Set([...Object.keys(stored), ...Object.keys(current)]);
  return [...names].filter((n) => stored[n] !== current[n]).sort();
}
