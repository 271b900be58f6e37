import { describe, expect, it, vi } from 'vitest';
import { fakeWindow } from '@/lib/test-browser';

vi.stubGlobal('window', fakeWindow());
const { everyRecord } = await import('./project-record-api');

describe('everyRecord', () => {
  it('reads page after page until the total, so a form offers every slot of a project with more than one page of them', async () => {
    const all = Array.from({ length: 250 }, (_, i) => ({ id: String(i) }));
    const offsets: number[] = [];
    const records = await everyRecord(async (offset) => {
      offsets.push(offset);
      return { records: all.slice(offset, offset + 100), total: all.length };
    });
    expect(records).toEqual(all);
    expect(offsets).toEqual([0, 100, 200]);
  });

  it('stops at an empty page when records were deleted while it read', async () => {
    const pages = [{ records: [{ id: 'a' }], total: 3 }, { records: [], total: 1 }];
    await expect(everyRecord(async () => pages.shift()!)).resolves.toEqual([{ id: 'a' }]);
  });
});
