export { agreementText } from './agreement-text.js';
export { calibrationText } from './calibration-text.js';
export { judgesText } from './judges-text.js';
export { pairsText } from './pairs-text.js';
export { ragComparisonText, ragReportText } from './rag-text.js';
export { repeatabilityText } from './repeatability-text.js';
export { scoreBreakdownsText, scoreNotesText, scoreParamsLine } from './score-text.js';
export { settingsText } from './settings-text.js';
export type { TextBlock, TextTable } from './text-blocks.js';
