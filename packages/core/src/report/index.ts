export { buildDrillDown, type DrillDownOptions } from './build-drill-down.js';
export { buildRagDetails, buildRagView, type RagViewOptions } from './build-rag.js';
export { buildReportModel, type ReportInput, type ReportModel } from './build-report.js';
export { heatCells, leaderboardRows, questionScores, unitId } from './build-scores.js';
export * from './format.js';
export * from './highlight.js';
export * from './report-model.js';
export * from './unscored-format.js';
export * from './verdict-codes.js';
