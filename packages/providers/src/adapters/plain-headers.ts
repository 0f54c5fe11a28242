interface HeadersLike {
  forEach(fn: (value: string, name: string) => void): void;
}

type HeadersInput =
  | HeadersLike
  | Iterable<readonly [string, string]>
  | Record<string, string | undefined>
  | null
  | undefined;

/**
 * The part of WHATWG `Headers` the AI SDK's request code uses (a map with
 * lower-cased names), which the CLI bundle gives `@ai-sdk/provider-utils`
 * in place of the global one (scripts/bundle.mjs). Node builds the global
 * `Headers` from its bundled undici, loaded on first touch: about 50 ms of
 * compiling at every start, and a validated, sorted header list per call.
 * Gamut only ever hands the SDK plain header records.
 */
export class PlainHeaders {
  private readonly map = new Map<string, string>();

  constructor(init?: HeadersInput) {
    if (init === null || init === undefined) return;
    if (init instanceof PlainHeaders) {
      (init as HeadersLike).forEach((value, name) => {
        this.append(name, value);
      });
      return;
    }
    const pairs = Symbol.iterator in init ? (init as Iterable<readonly [string, string]>) : Object.entries(init);
    for (const [name, value] of pairs) if (value !== undefined) this.append(name, value);
  }

  /** Whatever quacks like a Headers (this one or the global's), for the SDK's `instanceof Headers`. */
  static [Symbol.hasInstance](value: unknown): boolean {
    const v = value as { forEach?: unknown; get?: unknown; append?: unknown } | null;
    return (
      typeof v === 'object' &&
      v !== null &&
      typeof v.forEach === 'function' &&
      typeof v.get === 'function' &&
      typeof v.append === 'function'
    );
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const v = String(value).trim();
    const had = this.map.get(key);
    this.map.set(key, had === undefined ? v : `${had}, ${v}`);
  }

  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), String(value).trim());
  }

  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }

  forEach(fn: (value: string, name: string, headers: PlainHeaders) => void): void {
    for (const [name, value] of this.map) fn(value, name, this);
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  values(): IterableIterator<string> {
    return this.map.values();
  }

  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}
