export { writeFileAtomic } from './io/atomic-write.js';
export { parseRecords, readRecords } from './io/read-records.js';
