/** A minimal browser stand-in for unit tests of modules that use web storage (Vitest runs in Node). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export function fakeWindow() {
  return {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    addEventListener: () => {},
    location: { assign: () => {} },
  };
}
