/** One step of `gamut build demo` after init: its heading, then a command or a scripted review file. */
export type DemoStep = { say: string } & (
  | { run: 'questions' | 'rubrics' | 'refine' }
  | { run: 'review'; file: string }
);

/** The demo between init and release: two question-review rounds, rubrics, then refine around one edit round. */
export const BUILD_DEMO_STEPS: readonly DemoStep[] = [
  { say: 'questions: round-1 candidates', run: 'questions' },
  { say: 'review: round 1 (two annotators, one adjudication)', run: 'review', file: 'reviews-round1.jsonl' },
  { say: 'questions: filter, revisions and new candidates', run: 'questions' },
  { say: 'review: round 2', run: 'review', file: 'reviews-round2.jsonl' },
  { say: 'questions: filter and pick', run: 'questions' },
  { say: 'rubrics: evidence from the local documents, grounded drafts', run: 'rubrics' },
  { say: 'refine: audit, re-research, verified superset', run: 'refine' },
  { say: 'rubric revision: round 1 edits', run: 'review', file: 'edits-round1.jsonl' },
  { say: 'refine: second pass over the edited rubrics', run: 'refine' },
];

/** The run config written beside the demo's release: paths are relative to the demo's output folder. */
export const BUILD_DEMO_RUN_YAML = [
  '# gamut run run.yaml: the released dataset answered by a mock model, graded by the offline judge',
  "# against the released compiled rubrics, the reviewers' edits applied",
  'name: build-demo',
  'dataset: dataset/meta-rubrics.jsonl',
  'rubrics: dataset/rubrics.jsonl',
  'models:',
  '  - mock:judge',
  'judges:',
  '  - offline',
  'output: runs/build-demo',
  '',
].join('\n');

export const demoHeading = (say: string) => `\n== ${say}\n`;
export const demoReviewText = (n: number, file: string) => `${n} review event(s) from ${file}\n`;
export const demoDoneText = (version: number, dataset: string, runYaml: string) =>
  `\nrelease v${version} in ${dataset}; grade it with: gamut run ${runYaml}\n`;
