import { readFileSync } from 'node:fs';
import { buildSnapshot, parsePageRecords, type WikiSnapshot } from './snapshot.js';

/** A file of fixtures/wiki, by its path there. */
export const wikiFixture = (p: string): string => new URL(`../../../fixtures/wiki/${p}`, import.meta.url).pathname;

/** The bundled snapshot (fixtures/wiki/wiki.jsonl), read the way the CLI reads a JSONL snapshot. */
export function fixtureSnapshot(): WikiSnapshot {
  const file = wikiFixture('wiki.jsonl');
  const records = readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, i) => (text.trim() ? [{ value: JSON.parse(text) as unknown, file, line: i + 1 }] : []));
  const { pages, origins } = parsePageRecords(records);
  return buildSnapshot(pages, { origins, source: file });
}
