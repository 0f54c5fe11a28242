import { DEFAULT_PRICES, type PriceTable } from '../middleware/prices.js';

/** OpenAI Batch, Anthropic Message Batches and Gemini batch mode all bill at half the list price. */
export const BATCH_PRICE_FACTOR = 0.5;

/** The price table at the batch price: every entry's input, cached input and output prices halved. */
export function batchPrices(table: PriceTable = DEFAULT_PRICES): PriceTable {
  const out: PriceTable = {};
  for (const [key, p] of Object.entries(table)) {
    out[key] = {
      input: p.input * BATCH_PRICE_FACTOR,
      output: p.output * BATCH_PRICE_FACTOR,
      ...(p.cachedInput !== undefined && { cachedInput: p.cachedInput * BATCH_PRICE_FACTOR }),
    };
  }
  return out;
}
