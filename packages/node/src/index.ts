// @gamut/node: Gamut's Node-side adapters that are not the CLI — input files read with exact
// locations, outputs written atomically or through what the user names, run directories, the
// run lease, the report page and the `gamut view` server (Hono) with its review routes, the
// wiki's folder, zip and agent adapters, wiki-QA runs, build folders and the demo's files.
// Named exports only: what the CLI and docs/api.md use.

export { checkDemoStore, findBuildData, initDemoBuild, writeDemoRunConfig } from './build/build-demo-dir.js';
export { type BuildPaths, buildReviewOwner, type OpenBuild, openBuild } from './build/build-dir.js';
export { buildStepRun, importReviewFile } from './build/build-steps-io.js';
export { imageDataUrl } from './build/image-data-url.js';
export { initBuild } from './build/init-build.js';
export { createReplayModel, isReplaySpec } from './build/replay-model.js';
export { writeRelease } from './build/write-release.js';
export { checkOutDir } from './demo/demo-out.js';
export { type DemoRag, gradeDemoRag, writeDemoRag } from './demo/demo-rag.js';
export { toJsonl, writeFileAtomic } from './files/atomic-write.js';
export { type VerdictFormat, verdictText, writeStreamAtomic } from './files/export-verdicts.js';
export { nodeSha256 } from './files/node-sha256.js';
export { type LabelsFile, readLabelsFile } from './files/read-labels.js';
export {
  readLocatedRecords,
  readQuestionRecords,
  readRecords,
  readRecordsTolerant,
  readText,
  readValidRecords,
} from './files/read-records.js';
export {
  assertCompleteRun,
  assertNotInIncompleteRun,
  beginRunDirectory,
  finishRunDirectory,
  runDirectoryState,
} from './files/run-directory.js';
export { validateFile } from './files/validate-file.js';
export { writeRunDirectory } from './files/write-run-directory.js';
export { gradeCompiledInstead } from './inputs/compiled-instead.js';
export { AnswerIndex, RubricIndex } from './inputs/indexed-inputs.js';
export {
  checkImages,
  type LoadedRubrics,
  loadAnswers,
  loadRubrics,
  refuseCsvRubrics,
} from './inputs/load-judge-inputs.js';
export { type LoadedRunConfig, loadRunConfig } from './inputs/run-config.js';
export { hashFile } from './inputs/stream-records.js';
// Wiki-QA: golden sets frozen and released, agent runs loaded, judged and graded, the HTML report
export { freezeGolden } from './rag/freeze-golden.js';
export { judgeRagRunSaved } from './rag/judge-rag-run.js';
export { writeRagReport } from './rag/rag-report-html.js';
export { gradeRagRun, loadRagRun, type RagJudgments, readRagComparison } from './rag/rag-run.js';
export { releaseGoldenFiles } from './rag/release-golden.js';
export { holdRunLease } from './run/run-lease.js';
// Scoring: a verdict file streamed into the scorer
export { streamVerdicts } from './score/stream-verdicts.js';
export { hostForHeader, servedHosts } from './server/host-check.js';
export { embeddableImages, IMAGE_TYPES } from './server/images.js';
export { liveReportModel } from './server/live-model.js';
export { type LoadRunOptions, loadRun } from './server/load-run.js';
export { type ReportHtmlOptions, renderReportHtml } from './server/report-html.js';
export { type ReviewOnRequest, reviewOnRequest } from './server/review-on-request.js';
export type { ReviewBackend } from './server/review-routes.js';
export { assertTeamCanSignIn, checkServeAddress, comparedRuns, serveViewApp } from './server/serve-view-app.js';
export { finalLabelsOf, storedLabels } from './server/stored-labels.js';
export { createViewApp, type ViewAppOptions } from './server/view-server.js';
export { loadWebApp, type WebApp } from './server/web-app.js';
// The wiki's adapters: files, folders and zips read into snapshots, golden sets, and the agent's process or endpoint
export { commandAgent, httpAgent } from './wiki/agent-callers.js';
export { collectAgentOutputs } from './wiki/collect.js';
export { importWiki } from './wiki/import-wiki.js';
export { loadGoldenSet } from './wiki/load-golden-set.js';
export { loadWikiSnapshot } from './wiki/load-snapshot.js';
