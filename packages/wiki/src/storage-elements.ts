/** What the storage-format converter does with each element it knows. */
export const HEADING = /^h([1-6])$/;
export const CONTAINERS = new Set([
  'p',
  'div',
  'blockquote',
  'section',
  'ac:rich-text-body',
  'ac:layout-cell',
  'ac:task-body',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'body',
]);
/** Elements whose text is never page content: macro parameters, ids, scripts. */
export const SILENT = new Set([
  'ac:parameter',
  'ac:default-parameter',
  'ac:task-id',
  'ac:task-uuid',
  'ac:placeholder',
  'script',
  'style',
  'head',
  'title',
  'ac:adf-attribute',
]);
export const PANEL_MACROS = new Set(['info', 'note', 'warning', 'tip', 'panel', 'expand', 'ui-expand', 'excerpt']);
/** Inline macros whose one parameter is what the reader sees: the status lozenge's title, the Jira issue key. */
export const VISIBLE_PARAMETER: Record<string, readonly string[]> = {
  status: ['title'],
  jira: ['key', ''],
  'jira-issue': ['key', ''],
};
/** A Jira issue key, so that a JQL or a server name given as the default parameter is not shown. */
export const JIRA_KEY = /^[A-Z][A-Z0-9_]*-\d+$/;
export const EMOTICONS: Record<string, string> = {
  smile: '🙂',
  sad: '🙁',
  cheeky: '😛',
  laugh: '😀',
  wink: '😉',
  'thumbs-up': '👍',
  'thumbs-down': '👎',
  information: 'ℹ️',
  tick: '✅',
  cross: '❌',
  warning: '⚠️',
  plus: '➕',
  minus: '➖',
  question: '❓',
  'light-on': '💡',
  'light-off': '💡',
  'yellow-star': '⭐',
  'red-star': '⭐',
  'green-star': '⭐',
  'blue-star': '⭐',
  heart: '❤️',
};
