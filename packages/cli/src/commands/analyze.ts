import type { Command } from '@commander-js/extra-typings';

// PLACEHOLDER: replaced by the work on this verb.
export function registerAnalyze(_program: Command): void {}
