import type { QuestionDetail, RagQuestionDetail, ReportSummary, RunComparison } from '@gamut/core';

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
  /** Ids of the questions with an answer (of any model) that holds every word of `query`. */
  answerMatches(query: string): Promise<Set<string>>;
  /** This run beside the one `gamut view --compare` named; null when there is none. */
  compare(): Promise<RunComparison | null>;
  /** Whether people review this run here (only `gamut view` with a review store), and the build when it is one. */
  review(): Promise<ReviewInfo>;
}

/** A build viewed for its review queues: its name and its queues' ids, kinds and sizes. */
export interface BuildHeader {
  name: string;
  queues: Array<{ id: string; kind: string; items: number }>;
}

export interface ReviewInfo {
  available: boolean;
  build: BuildHeader | null;
}
