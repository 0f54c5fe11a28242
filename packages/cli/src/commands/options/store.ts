/** `--store`, worded the same on every command that reads or writes runs; opened by `openProjectStore`. */
export const STORE_OPTION = [
  '--store <dir|url>',
  'store folder (default .gamut in the working directory) or postgres://user@host:port/db',
] as const;
