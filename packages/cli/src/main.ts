import { Command } from '@commander-js/extra-typings';
import { COMMANDS } from './commands/index.js';
import { reportError } from './io/exit-codes.js';
import { VERSION } from './version.js';

const program = new Command('gamut')
  .description('Measure how complete and how well-grounded LLM answers are.')
  .version(VERSION)
  // `gamut --version` names the release; after a verb, `--version` is that verb's (e.g. `rag text --version 2`).
  .enablePositionalOptions()
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();
program.configureOutput({ writeErr: (s) => process.stderr.write(s) });

// Only the verb being run is registered (16 cost ~8 ms of CPU); help, a bare `gamut` and an unknown verb see all.
const verb = COMMANDS.find(([name]) => name === process.argv[2]);
for (const [, register] of verb ? [verb] : COMMANDS) register(program);

// A function, not top-level await: the bundle is also written as one CommonJS script, which V8
// can keep a code cache for (bin/gamut.js), and CommonJS has no top-level await.
async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
    // Commands set process.exitCode themselves (e.g. a failed quality gate).
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') {
      process.exitCode = 0;
    } else {
      process.exitCode = await reportError(e);
    }
  }
}
void main();
