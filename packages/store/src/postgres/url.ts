/** Whether a `--store` value names a PostgreSQL database rather than a SQLite store folder. */
export function isPostgresUrl(store: string): boolean {
  return /^postgres(ql)?:\/\//i.test(store);
}

/** The URL as it may be shown to a user: any password replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
  }
}
