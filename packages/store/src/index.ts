export { PG_MIGRATIONS } from './postgres/migrations.js';
export { openPostgresStore, type PostgresStoreOptions } from './postgres/postgres-store.js';
export { isPostgresUrl, redactUrl } from './postgres/url.js';
export { MIGRATIONS } from './sqlite/migrations.js';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';
