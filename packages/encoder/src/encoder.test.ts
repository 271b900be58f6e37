import { describe, expect, it } from 'vitest';
import { DIMENSIONS, loadEncoder } from './index';

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

// Pairs that mean the same thing, each with a sentence on another subject.
const fixed: [string, string, string][] = [
  ['How do I reset my password?', 'I forgot my password and cannot sign in', 'What time does the shop open on Sunday?'],
  ['Do you deliver to my home?', 'Can you bring the bike to my house?', 'How do I make text bold in markdown?'],
  ['My card payment was declined', 'Why was my card refused at the till?', 'Can I bring my dog on the train?'],
  ['How much does the rental cost?', 'What is the price to hire a bike?', 'My phone screen is cracked'],
];

describe('encoder', () => {
  it('loads from the installed packages without a network and embeds text as unit vectors', async () => {
    const encoder = await loadEncoder();
    const [vector] = await encoder.embed(['Where is my parcel?']);
    expect(vector).toHaveLength(DIMENSIONS);
    expect(cosine(vector!, vector!)).toBeCloseTo(1, 4);
  }, 60_000);

  it('embeds the same text the same way every time', async () => {
    const encoder = await loadEncoder();
    const [first] = await encoder.embed(['Can I change my delivery address?']);
    const [second] = await encoder.embed(['Can I change my delivery address?']);
    expect(Array.from(second!)).toEqual(Array.from(first!));
  }, 60_000);

  it('puts sentences that mean the same closer than unrelated ones', async () => {
    const encoder = await loadEncoder();
    for (const [question, paraphrase, unrelated] of fixed) {
      const [a, b, c] = await encoder.embed([question, paraphrase, unrelated]);
      expect(cosine(a!, b!), `${question} / ${paraphrase}`).toBeGreaterThan(cosine(a!, c!) + 0.2);
    }
  }, 60_000);

  it('embeds empty and very long texts without failing', async () => {
    const encoder = await loadEncoder();
    const vectors = await encoder.embed(['', 'word '.repeat(5_000)]);
    expect(vectors.map((vector) => vector.length)).toEqual([DIMENSIONS, DIMENSIONS]);
  }, 60_000);
});
