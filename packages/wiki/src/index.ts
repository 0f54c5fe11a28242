// The public API of @gamut/wiki, by name: what docs/api.md documents and what the CLI imports.
export { MalformedReply, mapAgentReply } from './agent-reply.js';
export {
  ABSTAIN_EN,
  ABSTAIN_KO,
  type AgentQuestion,
  answerAll,
  answerOffline,
  answerWithModel,
  type BaselineOptions,
  baselineRunSummary,
  baselineRunText,
} from './baseline-agent.js';
export {
  confluenceJsonCollector,
  type ImportResult,
  importConfluenceJson,
  jsonDocumentKind,
} from './confluence-json.js';
export { EntitiesXmlReader, htmlExportPage } from './confluence-xml.js';
export { type FreezeSummary, freezeText } from './freeze-text.js';
export { changelogMarkdown, proposeGoldenVersion, releaseGoldenVersion } from './golden-release.js';
export { checkGoldenSet, freezeGoldenSet, type GoldenCheckOptions, parseGoldenSet } from './golden-set.js';
export { proposalText, releaseText } from './golden-texts.js';
export { importSummary, importSummaryText } from './import-summary.js';
export { pageFileExtension, pageFromFile, SIDECAR_FILE } from './page-file.js';
export { pageText, pageView } from './page-text.js';
export { pageTextJson, renderPageText } from './page-text-render.js';
export { pickPageVersion } from './page-version.js';
export {
  buildSnapshot,
  type PageOrigin,
  parsePageRecords,
  type SnapshotOptions,
  type WikiSnapshot,
} from './snapshot.js';
export { storageToText } from './storage-to-text.js';
export type { PageText } from './text-builder.js';
export { chunkPage, type IndexOptions, type SearchHit, type WikiChunk, WikiIndex } from './wiki-index.js';
