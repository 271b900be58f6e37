/**
 * A map that keeps at most `capacity` entries and forgets the least recently used one first: the
 * in-memory caches of the assistant (compiled indexes, conversations, deployments by key) are only
 * caches, so forgetting costs a rebuild from the database, never data.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // A Map iterates in insertion order: re-inserting makes the entry the most recent.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
