import { fileURLToPath } from 'node:url';

/** The repository's root. Testkit runs from src/ (tests) and from dist/ (benchmarks): both sit one level below it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
