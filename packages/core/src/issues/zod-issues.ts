import type { z } from 'zod';
import { formatPath, type Issue } from './issue.js';

export interface IssueContext {
  file?: string;
  line?: number;
  question?: string;
  /** Prefix for paths, when the object sits inside a larger document. */
  pathPrefix?: readonly PropertyKey[];
}

/** Lift zod's issues into ours, naming the item whose id sits on the path when there is one. */
export function fromZodError(error: z.ZodError, input: unknown, ctx: IssueContext = {}): Issue[] {
  return error.issues.map((zi) => {
    const fullPath = [...(ctx.pathPrefix ?? []), ...zi.path];
    const item = itemIdOnPath(input, zi.path);
    return {
      rule: `schema/${zi.code}`,
      message: zi.message,
      path: formatPath(fullPath),
      ...(ctx.file !== undefined && { file: ctx.file }),
      ...(ctx.line !== undefined && { line: ctx.line }),
      ...(ctx.question !== undefined && { question: ctx.question }),
      ...(item !== undefined && { item }),
    };
  });
}

function itemIdOnPath(input: unknown, path: readonly PropertyKey[]): string | undefined {
  let node: unknown = input;
  let found: string | undefined;
  for (const key of path) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[key as string];
    if (node && typeof node === 'object' && typeof (node as { id?: unknown }).id === 'string') {
      found = (node as { id: string }).id;
    }
  }
  return found;
}
