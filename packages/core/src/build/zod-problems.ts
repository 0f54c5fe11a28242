import type { z } from 'zod';
import { formatPath } from '../issues/issue.js';

/** zod's issues as one line each (`path: message`), the form problems are sent back to a model in. */
export function zodProblems(error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length ? `${formatPath(i.path)}: ${i.message}` : i.message));
}
