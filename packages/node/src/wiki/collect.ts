import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AgentOutput, InputError, type Issue } from '@gamut/core';
import { MalformedReply, mapAgentReply } from '@gamut/wiki';
import pLimit from 'p-limit';
import { type AgentCaller, TransientAgentError } from './agent-callers.js';

export interface CollectOptions {
  readonly questions: ReadonlyArray<{ question_id: string; question: string }>;
  readonly call: AgentCaller;
  readonly out: string;
  readonly agent: string;
  readonly concurrency?: number;
  /** Per attempt, in milliseconds (default 60 000). */
  readonly timeoutMs?: number;
  /** Extra attempts after a transient failure (default 2). A malformed reply is not retried. */
  readonly retries?: number;
  readonly backoffMs?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface CollectResult {
  readonly written: number;
  /** Questions already in the output file, not asked again. */
  readonly resumed: number;
  readonly failures: readonly Issue[];
  readonly warnings: readonly string[];
}

/**
 * Asks the agent every question not yet in `out`, appending one agent-output
 * line as each finishes, so a killed run resumes where it stopped. A question
 * whose reply is malformed or that keeps failing is reported and not written;
 * the others are kept.
 */
export async function collectAgentOutputs(opts: CollectOptions): Promise<CollectResult> {
  const warnings: string[] = [];
  const done = await finishedQuestions(opts.out, warnings);
  const todo = opts.questions.filter((q) => !done.has(q.question_id));
  const limit = pLimit(Math.max(1, opts.concurrency ?? 4));
  const failures: Issue[] = [];
  let written = 0;
  let finished = 0;
  let chain = Promise.resolve();
  await mkdir(dirname(opts.out), { recursive: true });
  const append = (line: string) => {
    // One write per line, one at a time: lines are never interleaved.
    chain = chain.then(() => appendFile(opts.out, line));
    return chain;
  };
  await Promise.all(
    todo.map((q) =>
      limit(async () => {
        try {
          const output = await ask(q, opts);
          await append(`${JSON.stringify(output)}\n`);
          written++;
        } catch (e) {
          failures.push({
            rule: MalformedReply.isInstance(e) ? 'agent-malformed-reply' : 'agent-failed',
            message: `${MalformedReply.isInstance(e) ? 'malformed reply' : 'agent call failed'}: ${(e as Error).message}`,
            question: q.question_id,
          });
        } finally {
          opts.onProgress?.(++finished, todo.length);
        }
      }),
    ),
  );
  await chain;
  return { written, resumed: opts.questions.length - todo.length, failures, warnings };
}

async function ask(q: { question_id: string; question: string }, opts: CollectOptions): Promise<AgentOutput> {
  const retries = opts.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = await opts.call(q, AbortSignal.timeout(opts.timeoutMs ?? 60_000));
      return mapAgentReply(reply, { question_id: q.question_id, agent: opts.agent });
    } catch (e) {
      const transient =
        TransientAgentError.isInstance(e) || (!MalformedReply.isInstance(e) && (e as Error).name === 'TimeoutError');
      if (!transient || attempt >= retries) {
        if (transient && attempt > 0) (e as Error).message += ` (after ${attempt + 1} attempts)`;
        throw e;
      }
      const wait = (opts.backoffMs ?? 250) * 2 ** attempt;
      await new Promise((r) => setTimeout(r, wait * (0.5 + Math.random() / 2)));
    }
  }
}

/** Question ids already written; a torn last line (a killed run) is cut off, a bad whole line is an error. */
async function finishedQuestions(out: string, warnings: string[]): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(out, 'utf8');
  } catch {
    return new Set();
  }
  if (text !== '' && !text.endsWith('\n')) {
    const keep = text.lastIndexOf('\n') + 1;
    warnings.push(
      `${out}: its last line was cut off (an interrupted run); it is removed and that question asked again`,
    );
    await truncate(out, Buffer.byteLength(text.slice(0, keep)));
    text = text.slice(0, keep);
  }
  const done = new Set<string>();
  const issues: Issue[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const parsed = AgentOutput.safeParse(JSON.parse(line));
      if (parsed.success) done.add(parsed.data.question_id);
      else
        issues.push({
          rule: 'agent-output-line',
          message: `not an agent-output line: ${parsed.error.issues[0]?.message}`,
          file: out,
          line: i + 1,
        });
    } catch (e) {
      issues.push({ rule: 'json-syntax', message: `invalid JSON: ${(e as Error).message}`, file: out, line: i + 1 });
    }
  });
  if (issues.length) throw new InputError(issues);
  return done;
}
