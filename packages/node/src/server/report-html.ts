import { gzipSync } from 'node:zlib';
import type { ReportModel } from '@gamut/core';
import type { WebApp } from './web-app.js';

/** JSON that can sit inside a <script> element: `<` is escaped so no `</script>` can end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function inlineScript(code: string): string {
  // A literal `</script` inside the bundle would close the element; split it.
  return code.replace(/<\/script/gi, '<\\/script');
}

export interface ReportHtmlOptions {
  app: WebApp;
  model: ReportModel;
  /** Image path (relative to the run) → data URL, for the images small enough to embed. */
  images?: Record<string, string>;
  title?: string;
}

const gz = (value: unknown): string =>
  gzipSync(Buffer.from(JSON.stringify(value), 'utf8'), { level: 9 }).toString('base64');

/** Questions per compressed block: opening one question decodes only its block. */
const DETAIL_BLOCK = 50;

/**
 * A self-contained report.html: the app's JS and CSS inline, the summary as
 * plain JSON (the first screen needs only it) and the drill-down data gzip +
 * base64 in blocks of questions (a block is decoded when one of its questions
 * is opened), so it opens from disk with no server and no network, and a large
 * run stays small and quick.
 */
export function renderReportHtml(o: ReportHtmlOptions): string {
  const { questions, rag } = o.model;
  const blocks: string[] = [];
  const index: Record<string, number> = {};
  for (let b = 0; b * DETAIL_BLOCK < questions.length; b++) {
    const part = questions.slice(b * DETAIL_BLOCK, (b + 1) * DETAIL_BLOCK);
    for (const q of part) index[q.question_id] = b;
    blocks.push(gz(part));
  }
  const data = [
    `<script type="application/json" id="gamut-summary">${scriptSafeJson(o.model.summary)}</script>`,
    `<script type="application/json" id="gamut-detail-index">${scriptSafeJson({ questions: index, blocks: blocks.length })}</script>`,
    ...blocks.map(
      (b, i) =>
        `<script type="application/octet-stream" id="gamut-details-${i}" data-encoding="gzip-base64">${b}</script>`,
    ),
    `<script type="application/octet-stream" id="gamut-rag" data-encoding="gzip-base64">${gz(rag)}</script>`,
    `<script type="application/json" id="gamut-images">${scriptSafeJson(o.images ?? {})}</script>`,
  ].join('\n');
  let html = o.app.indexHtml;
  const title = (o.title ?? 'Gamut report').replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  html = html.replace(/<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/, () => '');
  html = html.replace(/<link rel="stylesheet"[^>]*>/, () => (o.app.style ? `<style>${o.app.style.code}</style>` : ''));
  // Data first, then the app (a module script runs after parsing, but order keeps it obvious).
  html = html.replace(
    '<!--gamut-data-->',
    () => `${data}\n<script type="module">${inlineScript(o.app.script.code)}</script>`,
  );
  return html;
}
