// gamut's library entry, for Node: read any Gamut file as every command reads it (docs/api.md).
export { parseRecords, readRecords, type SourceRecord } from './io/read-records.js';
