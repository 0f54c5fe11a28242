import { z } from 'zod';
import { AgentOutput } from './agent-output.js';
import { AnswerLine, VerdictLine } from './answer.js';
import { CompiledRubric } from './compiled-rubric.js';
import { GoldenSet } from './golden-set.js';
import { Manifest } from './manifest.js';
import { MetaRubric } from './meta-rubric.js';
import { RagJudgment } from './rag-judgment.js';
import { ReviewEvent } from './review.js';
import { RunConfig } from './run-config.js';
import { WikiPage } from './wiki.js';

/** Every file format Gamut reads, by the name `gamut schema <name>` takes. */
export const FORMATS = {
  'meta-rubric': MetaRubric,
  'compiled-rubric': CompiledRubric,
  answer: AnswerLine,
  verdict: VerdictLine,
  'wiki-page': WikiPage,
  'golden-set': GoldenSet,
  'agent-output': AgentOutput,
  'rag-judgment': RagJudgment,
  manifest: Manifest,
  'run-config': RunConfig,
  'review-event': ReviewEvent,
} as const;
export type FormatName = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

/** JSON Schema of a format, as published by `gamut schema`. */
export function jsonSchemaOf(name: FormatName): unknown {
  return z.toJSONSchema(FORMATS[name], { io: 'input', unrepresentable: 'any' });
}
