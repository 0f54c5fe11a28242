import type { QuestionDetail, RagQuestionDetail, ReportSummary } from '@gamut/core';

/**
 * The one interface the UI reads through. Two implementations: data embedded
 * in a self-contained report.html, and HTTP from `gamut view`.
 */
export interface ClientApi {
  readonly kind: 'embedded' | 'http';
  summary(): Promise<ReportSummary>;
  question(id: string): Promise<QuestionDetail | null>;
  ragQuestion(id: string): Promise<RagQuestionDetail | null>;
  /** A URL for an image path relative to the run directory, or null when the report does not carry it. */
  imageUrl(path: string): string | null;
}
