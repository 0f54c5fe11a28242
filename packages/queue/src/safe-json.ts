/** The value `raw` holds, or undefined when it is not JSON (for a schema to reject). */
export function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
