import type { Command } from '@commander-js/extra-typings';
import { storeOption } from './options/store.js';

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

// The model-call cache of the LLM steps (tokens and cost), kept with the build unless named.
const STORE = storeOption('the build directory');
/** `--json` and `--store` as the build commands take them. */
const outputOf = (o: { json?: true; store?: string }) => ({ json: o.json === true, store: o.store });

/** `gamut build …`: the question and rubric construction pipeline over a build directory. */
export function registerBuild(program: Command): void {
  const build = program
    .command('build')
    .description('build questions and rubrics: an LLM proposes, people review, a release is written');
  build
    .command('init')
    .description('make a build directory from an images file (JSONL: image, entity, domain, popularity)')
    .argument('<dir>', 'the build directory to make')
    .requiredOption('--images <file>', 'JSONL: one image (path or URL), its entity, domain and popularity per line')
    .requiredOption(
      '--model <spec>',
      'model of the LLM steps, e.g. anthropic:claude-sonnet-4-5, or mock:<replies.jsonl>',
    )
    .requiredOption('--search <spec>', 'search provider: local:<folder>, tavily, exa, brave, searxng:<url>')
    .option('--seed <n>', 'seed of the build', (v) => Number.parseInt(v, 10))
    .option('--annotators <names>', 'the two question annotators, comma-separated (for status)', list)
    .option('--adjudicator <name>', 'who adjudicates disagreements (for status)')
    .option('--json', 'print the manifest as JSON')
    .action(async (dir, opts) => {
      const [{ initBuild }, { VERSION }] = await Promise.all([import('@gamut/node'), import('../version.js')]);
      const { manifest, images } = await initBuild({
        dir,
        images: opts.images,
        model: opts.model,
        search: opts.search,
        ...(opts.seed !== undefined && { seed: opts.seed }),
        ...(opts.annotators !== undefined && { annotators: opts.annotators }),
        ...(opts.adjudicator !== undefined && { adjudicator: opts.adjudicator }),
        now: new Date().toISOString(),
        toolkitVersion: VERSION,
      });
      if (opts.json) process.stdout.write(`${JSON.stringify(manifest, null, 2)}\n`);
      else
        process.stderr.write(
          `build ${manifest.build_id}: ${images.length} image(s); next: gamut build questions ${dir}\n`,
        );
    });
  build
    .command('questions')
    .description('candidates per image, into review; after review, the filter (stranger test) and the pick')
    .argument('<dir>', 'the build directory')
    .option(...STORE)
    .option('--json', 'print the status as JSON')
    .action(async (dir, opts) => {
      const { buildQuestions } = await import('./build/build-commands.js');
      await buildQuestions(dir, outputOf(opts));
    });
  build
    .command('review-import')
    .description('append people\'s work (JSONL): question-review decisions and rubric edits (lines with "op")')
    .argument('<dir>', 'the build directory')
    .argument('<file>', 'decisions and edits, JSONL')
    .option(...STORE)
    .option('--json', 'print what was imported as JSON')
    .action(async (dir, file, opts) => {
      const { importReviews } = await import('./build/build-commands.js');
      await importReviews(dir, file, outputOf(opts));
    });
  build
    .command('rubrics')
    .description('per selected question: evidence from the search provider, a grounded meta-rubric, compiled')
    .argument('<dir>', 'the build directory')
    .option(...STORE)
    .option('--json', 'print the steps as JSON')
    .action(async (dir, opts) => {
      const { buildRubrics } = await import('./build/build-commands.js');
      await buildRubrics(dir, outputOf(opts));
    });
  build
    .command('refine')
    .description('audit every snippet against its source, re-research, rebuild as a verified superset, recompile')
    .argument('<dir>', 'the build directory')
    .option(...STORE)
    .option('--json', 'print the steps as JSON')
    .action(async (dir, opts) => {
      const { buildRefine } = await import('./build/build-commands.js');
      await buildRefine(dir, outputOf(opts));
    });
  build
    .command('release')
    .description('write a versioned dataset that gamut validate accepts and gamut run reads')
    .argument('<dir>', 'the build directory')
    .requiredOption('-o, --output <dataset>', 'the dataset folder (a release already there is the previous version)')
    .option(...STORE)
    .option('--json', 'print the release summary as JSON')
    .action(async (dir, opts) => {
      const { buildRelease } = await import('./build/build-commands.js');
      await buildRelease(dir, opts.output, outputOf(opts));
    });
  build
    .command('demo')
    .description('the whole pipeline on bundled data, offline: scripted model and reviewers, then a release')
    .option('--out <dir>', 'where to write the build, the dataset and run.yaml', 'gamut-build-demo')
    .option(...storeOption('the build directory in --out'))
    .option('--json', 'print the release summary as JSON')
    .action(async (opts) => {
      const { runBuildDemo } = await import('./build/build-demo.js');
      await runBuildDemo(opts.out, outputOf(opts));
    });
  build
    .command('status')
    .description('where every image stands, and what waits for whom')
    .argument('<dir>', 'the build directory')
    .option(...STORE)
    .option('--json', 'print the status as JSON')
    .action(async (dir, opts) => {
      const { showStatus } = await import('./build/build-commands.js');
      await showStatus(dir, outputOf(opts));
    });
}
