export { MalformedReply, mapAgentReply } from './agent-reply.js';
export { analyze, questionKeys } from './analyzer.js';
export { confluenceJsonCollector, type ImportResult, importConfluenceJson } from './confluence-json.js';
export { EntitiesXmlReader, htmlExportPage } from './confluence-xml.js';
export { markdownToText, pageText, pageView, plainToText, resolveLocation } from './page-text.js';
export { storageToText } from './storage-to-text.js';
export {
  type BlockKind,
  blockText,
  type PageText,
  type SentenceSpan,
  splitSentences,
  type TextBlock,
} from './text-builder.js';
