import type { Command } from '@commander-js/extra-typings';

// PLACEHOLDER: replaced by the work on this verb.
export function registerRagScore(_rag: Command): void {}
