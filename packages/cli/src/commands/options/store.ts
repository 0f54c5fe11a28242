/**
 * `--store`, worded the same on every command that reads or writes runs (only the default place
 * differs: a build keeps its store in the build directory); opened by `openProjectStore`.
 */
export function storeOption(defaultPlace = '.gamut in the working directory') {
  return ['--store <dir|url>', `store folder (default ${defaultPlace}) or postgres://user@host:port/db`] as const;
}
