import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-paths.js';

const FIXTURES = join(REPO_ROOT, 'fixtures', 'providers');
const cache = new Map<string, string>();

/** A recorded provider reply from fixtures/providers, by file name. */
export function readFixture(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(FIXTURES, name), 'utf8');
    cache.set(name, text);
  }
  return text;
}
