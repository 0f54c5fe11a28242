import type { Command } from '@commander-js/extra-typings';
import { registerRagAgent } from './rag/agent.js';
import { registerRagFreeze } from './rag/freeze.js';
import { registerRagImport } from './rag/import.js';
import { registerRagScore } from './rag/score.js';

export function registerRag(program: Command): void {
  const rag = program
    .command('rag')
    .description('grade wiki QA agents: import wikis, freeze golden sets, score agent runs');
  registerRagImport(rag);
  registerRagFreeze(rag);
  registerRagScore(rag);
  registerRagAgent(rag);
}
