import type { Command } from '@commander-js/extra-typings';
import { registerRagAgent } from './rag/agent.js';
import { registerRagCollect } from './rag/collect.js';
import { registerRagFreeze } from './rag/freeze.js';
import { registerRagGolden } from './rag/golden.js';
import { registerRagImport } from './rag/import.js';
import { registerRagImportErb } from './rag/import-erb.js';
import { registerRagScore } from './rag/score.js';
import { registerRagText } from './rag/text.js';

export function registerRag(program: Command): void {
  const rag = program
    .command('rag')
    .description('grade wiki QA agents: import wikis, freeze golden sets, score agent runs');
  registerRagImport(rag);
  registerRagImportErb(rag);
  registerRagFreeze(rag);
  registerRagGolden(rag);
  registerRagScore(rag);
  registerRagAgent(rag);
  registerRagCollect(rag);
  registerRagText(rag);
}
