import type { ScoreAccumulator } from './score-accumulator.js';

/**
 * Feeds JSONL verdict bytes into the accumulator block by block, whatever the
 * block size; lines split across blocks are joined. The accumulator reads
 * lines straight from UTF-8 (decoding only ids), and only a line's unfinished
 * tail is copied, so the caller may hand over the same reused buffers again
 * (each block is done with before the next is asked for). A leading BOM is
 * skipped; `onBytes` hears the bytes taken so far (the BOM counted) after each
 * block that ends a line.
 */
export async function feedVerdictBlocks(
  blocks: AsyncIterable<Uint8Array>,
  acc: ScoreAccumulator,
  onBytes?: (bytesRead: number) => void,
): Promise<void> {
  // The unfinished last line of the previous block (a copy: its buffer is about to be refilled).
  let carry: Uint8Array = new Uint8Array(0);
  let bytesRead = 0;
  let lineNo = 0;
  let started = false;
  for await (const given of blocks) {
    bytesRead += given.length;
    let block = given;
    if (!started) {
      // The BOM is looked for in the first three bytes, however the first blocks split them.
      const head = carry.length ? concat(carry, given) : given;
      if (head.length < 3) {
        carry = head.slice();
        continue;
      }
      started = true;
      carry = new Uint8Array(0);
      block = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
    }
    if (carry.length) {
      // Finish the line split across blocks by itself, so the block is never copied whole.
      const nl = block.indexOf(0x0a);
      if (nl === -1) {
        carry = concat(carry, block);
        continue;
      }
      lineNo += acc.addBytes(concat(carry, block.subarray(0, nl + 1)), lineNo + 1).lines;
      block = block.subarray(nl + 1);
    }
    const { consumed, lines } = acc.addBytes(block, lineNo + 1);
    lineNo += lines;
    carry = block.slice(consumed);
    onBytes?.(bytesRead);
  }
  if (carry.length) {
    const end = carry[carry.length - 1] === 0x0d ? carry.length - 1 : carry.length;
    acc.addLine(new TextDecoder('utf-8', { ignoreBOM: true }).decode(carry.subarray(0, end)), lineNo + 1);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
