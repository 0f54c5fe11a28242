/** The number after `--name` on the command line, or `fallback` when it is not given. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The word after `--name` on the command line, or `fallback` when it is not given. */
export function stringArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
