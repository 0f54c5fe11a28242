// gamut's library entry, for Node: read any Gamut file as every command reads it (docs/api.md).
export { parseRecords, type SourceRecord } from '@gamut/core';
export { readRecords } from '@gamut/node';
