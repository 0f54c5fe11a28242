import type { Command } from '@commander-js/extra-typings';

/** `gamut rag golden propose|release`: confirmed flag decisions → the next golden-set version. */
export function registerRagGolden(rag: Command): void {
  const golden = rag
    .command('golden')
    .description('turn reviewed wiki-QA flags into the next golden-set version: propose it, then release it');
  golden
    .command('propose')
    .description('apply the confirmed changes of flag decisions to a golden set: the next version and its changelog')
    .argument('<golden>', 'the current golden-set JSON')
    .option('--decisions <file>', 'flag decisions, JSONL: { flag, decision, who, at, reason, change? } a line')
    .option(
      '--review <run>',
      "the decisions reviewers recorded on the run's wiki-flag queues (gamut review queue --flags)",
    )
    .option('--queue <id>', 'with --review: only this wiki-flag queue')
    .option('--store <dir|url>', 'with --review: the review store (default .gamut in the working directory)')
    .option(
      '--wiki <snapshot>',
      "wiki snapshot (JSONL or folder): pages a change adds must be current in it (default with --review: the run's rag/wiki.jsonl)",
    )
    .option('--version <v>', 'the version to release as (default: the last number of the current one, plus one)')
    .option('-o, --out <file>', 'where to write the proposal', 'golden-proposal.json')
    .option('--json', 'print the proposal on stdout as well')
    .action(async (goldenPath, opts) => {
      const { proposeGolden } = await import('./golden-propose.js');
      await proposeGolden(goldenPath, opts);
    });
  golden
    .command('release')
    .description('freeze a proposal under its new version and hash; the current set stays as it is')
    .argument('<proposal>', 'the proposal written by `gamut rag golden propose`')
    .requiredOption('--wiki <snapshot>', 'wiki snapshot (JSONL or folder) the set is checked against again')
    .requiredOption(
      '-o, --out <file>',
      'where to write the released set (a new file: a released set is never overwritten)',
    )
    .option('--base <golden>', 'the current golden set: refuse when it has changed since the proposal')
    .option('--by <name>', 'who releases it (default: your user name)')
    .option('--json', 'print the release record on stdout')
    .action(async (proposalPath, opts) => {
      const { releaseGolden } = await import('./golden-release.js');
      await releaseGolden(proposalPath, opts);
    });
}
