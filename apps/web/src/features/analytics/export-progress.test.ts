import { describe, expect, it } from 'vitest';
import { exportProgress } from './export-progress';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds a text in chunks of the given size, as a stream may cut it anywhere. */
function count(text: string, chunkSize: number) {
  const progress = exportProgress();
  const all = bytes(text);
  const seen: number[] = [];
  for (let start = 0; start < all.length; start += chunkSize) {
    progress.push(all.subarray(start, start + chunkSize));
    seen.push(progress.events);
  }
  return { events: progress.events, complete: progress.complete, seen };
}

const event = (id: number) => JSON.stringify({ id: String(id), utterance: 'a line\nbreak, {braces} and ] brackets', data: { trace: [] } });
const exported = (n: number) => `[\n${Array.from({ length: n }, (_, i) => event(i)).join(',\n')}\n]`;

describe('exportProgress', () => {
  it('counts the events of an export however the stream cuts it', () => {
    for (const size of [1, 2, 7, 64, 100_000]) {
      expect(count(exported(6), size)).toMatchObject({ events: 6, complete: true });
    }
  });

  it('counts an event only once its line has arrived whole', () => {
    const text = exported(2);
    const firstEnd = text.indexOf(',\n') + 2;
    const progress = exportProgress();
    progress.push(bytes(text.slice(0, firstEnd - 5)));
    expect(progress.events).toBe(0);
    progress.push(bytes(text.slice(firstEnd - 5, firstEnd)));
    expect(progress.events).toBe(1);
  });

  it('grows as the stream arrives', () => {
    const { seen } = count(exported(50), 256);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(50);
  });

  it('reads an empty export as complete with no events', () => {
    expect(count('[\n]', 1)).toMatchObject({ events: 0, complete: true });
    expect(count('[\n]\n', 3)).toMatchObject({ events: 0, complete: true });
  });

  it('tells a cut-off export by its missing closing bracket', () => {
    const text = exported(3);
    expect(count(text.slice(0, text.lastIndexOf(']')), 10)).toMatchObject({ events: 3, complete: false });
    expect(count(text.slice(0, 40), 10)).toMatchObject({ events: 0, complete: false });
  });
});
