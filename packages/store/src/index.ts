export { openPostgresStore, type PostgresStoreOptions } from './postgres/postgres-store.js';
export { isPostgresUrl, redactUrl } from './postgres/url.js';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';
