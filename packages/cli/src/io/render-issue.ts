import { formatIssue, type Issue } from '@gamut/core';
import stringWidth from 'string-width';

/**
 * An issue as the terminal shows it: its one line, then (when it is at one
 * spot) the source line with a caret under the spot. The caret is placed by
 * display width, so it lands right under Korean and other wide text.
 */
export function renderIssue(issue: Issue, prefix = '  '): string {
  let out = `${prefix}${formatIssue(issue)}\n`;
  if (issue.excerpt && issue.line !== undefined) {
    const gutter = String(issue.line);
    const pad = ' '.repeat(gutter.length);
    const before = issue.excerpt.text.slice(0, issue.excerpt.caret);
    out += `${prefix}  ${gutter} | ${issue.excerpt.text}\n`;
    out += `${prefix}  ${pad} | ${' '.repeat(stringWidth(before))}^\n`;
  }
  return out;
}

/** A warning line: `warning: file:line:col  message [rule]`, with its excerpt. */
export function renderWarning(issue: Issue): string {
  return renderIssue(issue, '').replace(/^/, 'warning: ');
}
