/**
 * How the stages' trace shows figures: stored with every answer and read on the Conversations
 * screen, so a few candidates per stage, each figure to four decimals.
 */

/** Candidates a trace keeps per stage: enough to see why, small enough to store with every answer. */
export const TRACED = 3;

export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** One item's figure of a per-item score list (an item's semantic closeness), rounded; null without the list. */
export function roundedAt(values: Float64Array | null, position: number): number | null {
  return values ? round(values[position]!) : null;
}
