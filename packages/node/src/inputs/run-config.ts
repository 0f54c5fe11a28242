import { basename, dirname, extname, resolve } from 'node:path';
import { fromZodError, InputError, modelNames, parseText, RunConfig } from '@gamut/core';
import { readText } from '../files/read-records.js';

export interface LoadedRunConfig {
  config: RunConfig;
  /** The config file's folder: relative paths in it (dataset, answers, `labels:` files, output) start here. */
  baseDir: string;
  /** The run's name: `name`, or the config file's name without extension. */
  runName: string;
  outputDir: string;
  datasetFile: string;
  answersFile: string | undefined;
  /** Compiled rubrics graded instead of the dataset's compilation (`rubrics:`). */
  rubricsFile: string | undefined;
}

/** Reads and validates the YAML of `gamut run`; every problem is named with its path in the file. */
export async function loadRunConfig(file: string): Promise<LoadedRunConfig> {
  const { records, issues } = parseText(await readText(file), file);
  if (issues.length) throw new InputError(issues);
  const raw: unknown = records[0]?.value;
  const parsed = RunConfig.safeParse(raw ?? {});
  if (!parsed.success) throw new InputError(fromZodError(parsed.error, raw, { file }));
  // Every model gets its display name here, so answer lines, the manifest and tables agree.
  const names = modelNames(parsed.data.models);
  const config = { ...parsed.data, models: parsed.data.models.map((m, i) => ({ ...m, name: names[i] })) };
  // Paths in the config are relative to its folder.
  const baseDir = dirname(resolve(file));
  const runName = config.name ?? basename(file, extname(file));
  return {
    config,
    baseDir,
    runName,
    outputDir: resolve(baseDir, config.output ?? `runs/${runName}`),
    datasetFile: resolve(baseDir, config.dataset),
    answersFile: config.answers === undefined ? undefined : resolve(baseDir, config.answers),
    rubricsFile: config.rubrics === undefined ? undefined : resolve(baseDir, config.rubrics),
  };
}
