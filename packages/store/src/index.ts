export { MIGRATIONS } from './sqlite/migrations.js';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';
