export { openPostgresStore, type PostgresStoreOptions } from './postgres/postgres-store.js';
export { isPostgresUrl, redactUrl } from './postgres/url.js';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';
export {
  bundleRows,
  type GamutStore,
  type RunBundle,
  type RunTransfer,
  readRunBundle,
  type StoredCall,
} from './transfer/bundle.js';
export {
  type CopiedRun,
  type CopyProgress,
  type CopyRefusals,
  type CopyRunsOptions,
  type CopySummary,
  copyRuns,
} from './transfer/copy-runs.js';
