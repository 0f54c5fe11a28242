import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type FakeServer, type FakeServerOptions, startFakeServer } from './fake-server.js';
import { markerFaults } from './fault-policies.js';
import { judgeReplies } from './judge-replies.js';
import { type GamutResult, type RunGamutOptions, runGamut } from './run-gamut.js';

/** Rows as a JSON-lines file's text. */
export const jsonl = (rows: readonly unknown[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

/** The arguments of `gamut judge` over a fixture's meta.jsonl and answers.jsonl with `judge`. */
export const judgeArgs = (judge: string): string[] => [
  'judge',
  '--rubrics',
  'meta.jsonl',
  '--answers',
  'answers.jsonl',
  '--judge',
  judge,
];

/** A file's content: text as is, an array of rows as JSON lines. */
export type FileContent = string | Uint8Array | readonly unknown[];

/** A temporary folder with input files, a fake provider, and the built CLI run inside that folder. */
export interface CliFixture {
  dir: string;
  /** The fake provider (judge replies and prompt-marker faults); absent when the fixture was made without one. */
  server: FakeServer;
  /** Writes files below `dir` (folders made as needed). */
  write(files: Record<string, FileContent>): void;
  /** `gamut <args>` with `dir` as the working folder. */
  gamut(args: readonly string[], opts?: Omit<RunGamutOptions, 'cwd'>): Promise<GamutResult>;
  /** Closes the server and deletes the folder. */
  close(): Promise<void>;
}

export interface CliFixtureOptions {
  /** The temporary folder's name starts with this, e.g. `gamut-judge-`. */
  prefix: string;
  files?: Record<string, FileContent>;
  /** The fake provider's options (default: judge replies and marker faults), or false for none. */
  server?: FakeServerOptions | false;
}

/** The fake provider as the CLI's end-to-end tests use it: judge replies (judgeReplies) and prompt-marker faults (markerFaults). */
export function startFakeJudgeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer({ reply: judgeReplies(), faults: markerFaults(), ...options });
}

export async function startCliFixture(options: CliFixtureOptions): Promise<CliFixture> {
  const dir = mkdtempSync(join(tmpdir(), options.prefix));
  const write = (files: Record<string, FileContent>) => {
    for (const [name, content] of Object.entries(files)) {
      const file = join(dir, name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, typeof content === 'string' || content instanceof Uint8Array ? content : jsonl(content));
    }
  };
  write(options.files ?? {});
  const server = options.server === false ? undefined : await startFakeJudgeServer(options.server);
  return {
    dir,
    get server(): FakeServer {
      if (server === undefined) throw new Error('this CLI fixture was made without a server');
      return server;
    },
    write,
    gamut: (args, opts = {}) => runGamut(args, { ...opts, cwd: dir }),
    close: async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A CLI fixture for the whole test file: made before its tests, removed after; its fields are there from beforeAll on. */
export function useCliFixture(
  hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void },
  options: CliFixtureOptions,
): CliFixture {
  let current: CliFixture | undefined;
  hooks.beforeAll(async () => {
    current = await startCliFixture(options);
  });
  hooks.afterAll(async () => current?.close());
  const made = () => {
    if (current === undefined) throw new Error('the CLI fixture is made in beforeAll');
    return current;
  };
  return {
    get dir() {
      return made().dir;
    },
    get server() {
      return made().server;
    },
    write: (files) => made().write(files),
    gamut: (args, opts) => made().gamut(args, opts),
    close: () => made().close(),
  };
}
