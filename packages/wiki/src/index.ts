export { MalformedReply, mapAgentReply } from './agent-reply.js';
export {
  ABSTAIN_EN,
  ABSTAIN_KO,
  type AgentQuestion,
  answerOffline,
  answerWithModel,
  type BaselineOptions,
} from './baseline-agent.js';
export {
  confluenceJsonCollector,
  type ImportResult,
  importConfluenceJson,
  jsonDocumentKind,
} from './confluence-json.js';
export { EntitiesXmlReader, htmlExportPage } from './confluence-xml.js';
export { checkGoldenSet, freezeGoldenSet, type GoldenCheckOptions, parseGoldenSet } from './golden-set.js';
export { PAGE_FILE_FORMATS, type PageFile, pageFileExtension, pageFromFile, SIDECAR_FILE } from './page-file.js';
export { markdownToText, pageText, pageView, plainToText, resolveLocation } from './page-text.js';
export {
  buildSnapshot,
  type PageOrigin,
  type PageRecord,
  parsePageRecords,
  type SnapshotOptions,
  type WikiSnapshot,
} from './snapshot.js';
export { storageToText } from './storage-to-text.js';
export {
  type BlockKind,
  blockText,
  type PageText,
  type SentenceSpan,
  type TextBlock,
} from './text-builder.js';
export { chunkPage, type IndexOptions, type SearchHit, type WikiChunk, WikiIndex } from './wiki-index.js';
