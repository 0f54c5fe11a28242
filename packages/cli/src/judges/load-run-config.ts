import { basename, dirname, extname, resolve } from 'node:path';
import { fromZodError, InputError, RunConfig } from '@gamut/core';
import { parseDocument } from 'yaml';
import { readText } from '../io/read-records.js';

export interface LoadedRunConfig {
  config: RunConfig;
  /** The run's name: `name`, or the config file's name without extension. */
  runName: string;
  outputDir: string;
  datasetFile: string;
  answersFile: string | undefined;
}

/** Reads and validates the YAML of `gamut run`; every problem is named with its path in the file. */
export async function loadRunConfig(file: string): Promise<LoadedRunConfig> {
  const text = await readText(file);
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length) {
    throw new InputError(
      doc.errors.map((e) => ({
        rule: 'yaml-syntax',
        message: e.message.split('\n')[0] ?? e.message,
        file,
        ...(e.linePos?.[0] && { line: e.linePos[0].line }),
      })),
    );
  }
  const raw: unknown = doc.toJS();
  const parsed = RunConfig.safeParse(raw ?? {});
  if (!parsed.success) throw new InputError(fromZodError(parsed.error, raw, { file }));
  const config = parsed.data;
  // Paths in the config are relative to its folder.
  const baseDir = dirname(resolve(file));
  const runName = config.name ?? basename(file, extname(file));
  return {
    config,
    runName,
    outputDir: resolve(baseDir, config.output ?? `runs/${runName}`),
    datasetFile: resolve(baseDir, config.dataset),
    answersFile: config.answers === undefined ? undefined : resolve(baseDir, config.answers),
  };
}
