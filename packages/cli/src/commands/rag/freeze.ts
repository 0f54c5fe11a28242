import type { Command } from '@commander-js/extra-typings';

// PLACEHOLDER: replaced by the work on this verb.
export function registerRagFreeze(_rag: Command): void {}
