import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/**
 * Places that make a plain `Error` on purpose, each with its reason. Anything
 * else our packages throw is in the GamutError family, so the CLI can map it
 * to an exit code and callers can test it with `isInstance`.
 */
const PLAIN_ERRORS: Record<string, string> = {
  // An abort reason handed to AbortController, never thrown to a caller: the interrupted run reports itself.
  'packages/cli/src/process/interrupt.ts': "controller.abort(new Error('interrupted'))",
  // The early stop's abort reason for calls in flight; the run reports the stop itself.
  'packages/core/src/run/judge-answers.ts': "halt(new Error('stopped early'))",
  // Thrown inside the reply parser and caught by its caller, which records a judge failure.
  'packages/core/src/rag/judges/structured-call.ts': "throw new Error('no JSON object in the reply')",
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'test-support', 'testing'].includes(entry.name)) out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

// The testkit runs only inside tests (like test-support folders): its errors are a test's, not a user's.
const packages = readdirSync(join(ROOT, 'packages'))
  .filter((p) => p !== 'testkit')
  .map((p) => join(ROOT, 'packages', p, 'src'));
const files = packages.flatMap(sourceFiles).map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));

describe('one error family', () => {
  it('no package throws or defines a plain Error outside the listed places', () => {
    const found: string[] = [];
    for (const { file, text } of files) {
      for (const line of text.split('\n')) {
        if (!/new Error\(|extends Error\b/.test(line) || /^\s*(\/\/|\*)/.test(line)) continue;
        if (file === 'packages/core/src/issues/errors.ts' && /class GamutError extends Error/.test(line)) continue;
        if (PLAIN_ERRORS[file] !== undefined && line.includes(PLAIN_ERRORS[file])) continue;
        found.push(`${file}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('every class in it has a marker of its own and an isInstance that reads it', () => {
    const classes = files.flatMap(({ file, text }) =>
      [...text.matchAll(/class (\w+) extends (GamutError|InputError|ProviderError|StoreError|InternalError)\b/g)].map(
        (m) => ({ file, name: m[1] as string, text }),
      ),
    );
    expect(classes.length).toBeGreaterThanOrEqual(10);
    const missing = classes
      .filter(
        ({ name, text }) =>
          !text.includes(`Symbol.for('gamut.error.${name}')`) || !text.includes(`isInstance(e: unknown): e is ${name}`),
      )
      .map(({ file, name }) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('the listed places still exist, so the list does not outlive them', () => {
    for (const [file, snippet] of Object.entries(PLAIN_ERRORS)) {
      expect(files.find((f) => f.file === file)?.text ?? '').toContain(snippet);
    }
  });
});
