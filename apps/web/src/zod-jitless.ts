import { config } from 'zod';

// zod probes for `new Function` to compile parsers; under gamut view's CSP (no 'unsafe-eval') that probe is a
// console error. Parsing without it is as correct, and the viewer parses little. Imported first, because core
// parses a few schemas as its modules load.
config({ jitless: true });
