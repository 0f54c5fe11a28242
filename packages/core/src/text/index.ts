/**
 * Text analysis shared by the offline check judge, the RAG lexical judge and the wiki's BM25
 * analyzer: one normaliser, the English stemmer, Korean forms and bigrams, stop words, sentences
 * and the quantity extractor (`extractQuantities`), which the wiki-QA value checks use as well.
 */
export { type AnalyzedText, analyzeText } from './analyze-text.js';
export { indexTerms, questionKeys } from './index-terms.js';
export { type NormalizedText, normalizeText, normalizeWithOffsets } from './normalize.js';
export { extractQuantities, type Quantity, type QuantityKind } from './quantities.js';
export { sentenceSpans, splitSentences } from './sentences.js';
