import { resolve } from 'node:path';
import { type AgentOutput, buildReportModel, type GoldenSet, type RagReport, type WikiPage } from '@gamut/core';
import { pageView } from '@gamut/wiki';
import { writeFileAtomic } from '../files/atomic-write.js';
import { renderReportHtml } from '../server/report-html.js';
import type { WebApp } from '../server/web-app.js';

export interface RagReportFiles {
  readonly out: string;
  readonly report: RagReport;
  readonly golden: GoldenSet;
  readonly pages: readonly WikiPage[];
  readonly outputs: readonly AgentOutput[];
}

/**
 * A self-contained HTML report of one wiki-QA grading only (no Gamut run):
 * the web app's Wiki-QA pages over the graded report, with the cited passages
 * taken from each page's text view. Returns where it went and its size.
 */
export async function writeRagReport(o: RagReportFiles, app: WebApp): Promise<{ out: string; bytes: number }> {
  const model = buildReportModel({
    manifest: null,
    metaRubrics: [],
    rubrics: [],
    answers: [],
    verdicts: [],
    // Cited passages as judges read them: tables row by row, no markup.
    rag: { report: o.report, golden: o.golden, wiki: o.pages, outputs: o.outputs, view: pageView },
  });
  const html = renderReportHtml({ app, model, title: `Gamut wiki-QA report: ${o.golden.name} ${o.golden.version}` });
  const out = resolve(o.out);
  await writeFileAtomic(out, html);
  return { out, bytes: Buffer.byteLength(html) };
}
