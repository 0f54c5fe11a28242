// The bytes that end an id's plain run: its closing quote, or an escape (then the schema's path reads it).
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLOT_MASK = 4095;

/**
 * Ids repeat on every line (a few models, a judge, each question and check
 * many times): each distinct byte sequence is decoded to a string once.
 */
export class IdInterner {
  private readonly byHash = new Map<number, IdEntry | IdEntry[]>();
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Where the last `read` stopped: the id's closing quote. */
  stop = 0;
  private last: IdEntry | undefined;
  private readonly slots: (IdEntry | undefined)[] = new Array<IdEntry | undefined>(SLOT_MASK + 1).fill(undefined);

  /**
   * The id in the JSON string starting at `from` (just after its opening
   * quote), hashed in the same pass that finds its end; undefined when it holds
   * an escape or a control character, which the schema's path handles.
   */
  read(bytes: Uint8Array, from: number, end: number): string | undefined {
    // Consecutive lines mostly repeat the previous line's model, judge and question.
    const last = this.last;
    if (last !== undefined) {
      const k = from + last.bytes.length;
      if (k < end && bytes[k] === QUOTE && sameBytes(last.bytes, bytes, from, k)) {
        this.stop = k;
        return last.text;
      }
    }
    let h = 0x811c9dc5;
    let k = from;
    for (; k < end; k++) {
      const c = bytes[k] as number;
      if (c === QUOTE) break;
      if (c === BACKSLASH || c < 0x20) return undefined;
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (k >= end) return undefined;
    this.stop = k;
    // 30 bits: a small integer key, which a Map hashes without boxing it.
    h &= 0x3fffffff;
    // A direct-mapped table in front of the map: most ids are found with one array read and no Map lookup.
    const slot = this.slots[h & SLOT_MASK];
    if (slot !== undefined && sameBytes(slot.bytes, bytes, from, k)) {
      this.last = slot;
      return slot.text;
    }
    const found = this.byHash.get(h);
    if (found !== undefined) {
      const hit = Array.isArray(found)
        ? found.find((e) => sameBytes(e.bytes, bytes, from, k))
        : sameBytes(found.bytes, bytes, from, k)
          ? found
          : undefined;
      if (hit !== undefined) {
        this.last = hit;
        this.slots[h & SLOT_MASK] = hit;
        return hit.text;
      }
    }
    const copy = bytes.slice(from, k);
    const entry = { bytes: copy, text: this.decoder.decode(copy) };
    this.last = entry;
    this.slots[h & SLOT_MASK] = entry;
    if (found === undefined) this.byHash.set(h, entry);
    else if (Array.isArray(found)) found.push(entry);
    else this.byHash.set(h, [found, entry]);
    return entry.text;
  }
}

interface IdEntry {
  readonly bytes: Uint8Array;
  readonly text: string;
}

export function sameBytes(a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
  if (a.length !== to - from) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[from + k]) return false;
  return true;
}
