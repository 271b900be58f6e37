import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidPattern } from '@console/contracts';
import { randomId } from './random-id';

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes version 4 UUIDs the contracts accept where crypto.randomUUID is missing (plain HTTP at a network address)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const ids = Array.from({ length: 50 }, randomId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.every((id) => uuidPattern.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
