import { htmlText } from './html-text.js';

/** The media types Gamut reads as documents, by file extension. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.html': 'text/html',
  '.htm': 'text/html',
};

/** Whether a document of this media type can be read (HTML, Markdown, plain text, XHTML). */
export function isReadableType(contentType: string): boolean {
  return /^(text\/(html|markdown|plain|x-markdown)|application\/xhtml\+xml)$/.test(contentType);
}

/**
 * The plain text and title of a document's body. HTML loses its tags; Markdown and plain text
 * are kept as written (line endings made `\n`); the title is `<title>` or the first Markdown
 * heading, else `fallbackTitle` (the file name).
 */
export function documentText(
  body: string,
  contentType: string,
  fallbackTitle: string,
): { title: string; text: string } {
  if (contentType === 'text/html' || contentType === 'application/xhtml+xml') {
    const { title, text } = htmlText(body);
    return { title: title || fallbackTitle, text };
  }
  const text = body.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return { title: firstHeading(text) || fallbackTitle, text };
}

/** The text of the first Markdown heading (`# Title`), or ''. */
function firstHeading(text: string): string {
  return /^#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(text)?.[1]?.trim() ?? '';
}

/** The media type of a `content-type` header, without its parameters, in lower case. */
export function mediaType(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
