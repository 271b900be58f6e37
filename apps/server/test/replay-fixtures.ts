import { vi } from 'vitest';
import { OfflineAsker } from '../src/modules/chat/offline-answer';

/**
 * Holds every replay (or test run) of this process at its second chunk of questions until released,
 * so a test acts on a job that is certainly under way: its first chunk stored, the rest not yet.
 */
export function holdAfterFirstChunk(): { release: () => void; restore: () => void } {
  const ask = OfflineAsker.prototype.ask;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new WeakMap<OfflineAsker, number>();
  const spy = vi.spyOn(OfflineAsker.prototype, 'ask').mockImplementation(async function (this: OfflineAsker, ...args) {
    const chunks = (asked.get(this) ?? 0) + 1;
    asked.set(this, chunks);
    if (chunks > 1) await released;
    return ask.apply(this, args);
  });
  return { release, restore: () => spy.mockRestore() };
}
