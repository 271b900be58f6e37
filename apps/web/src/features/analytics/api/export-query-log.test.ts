import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_TOTAL_HEADER } from '@console/contracts';
import { fakeWindow } from '@/lib/test-browser';

const browser = fakeWindow();
vi.stubGlobal('window', browser);
const { exportQuery, exportQueryLog } = await import('./export-query-log');
const { setAuth } = await import('@/lib/storage');

/** A streamed answer that arrives in the given pieces. */
function streamed(pieces: string[], headers: Record<string, string>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

const lines = ['[\n', '{"id":"1"},\n{"id', '":"2"},\n', '{"id":"3"}\n', ']'];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setAuth({ token: 't1', refresh_token: 'r1' });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('window', browser);
});

describe('exportQuery', () => {
  it('keeps the filters and zone of a list query, not its paging and sort', () => {
    expect(
      exportQuery({ limit: 10, offset: 20, sort_field: 'issued_at', sort_direction: 'ascending', response_type__eq: 'oos', tz: 'Europe/Paris' }),
    ).toEqual({ response_type__eq: 'oos', tz: 'Europe/Paris' });
  });
});

describe('exportQueryLog', () => {
  it('streams the export with the bearer, reports progress against the total and names the file', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed(lines, { [EXPORT_TOTAL_HEADER]: '3', 'Content-Disposition': 'attachment; filename="p1_queries.json"' }),
    );
    const counts: unknown[] = [];
    const file = await exportQueryLog('p1', { limit: 10, response_type__eq: 'oos', tz: 'UTC' }, {
      signal: new AbortController().signal,
      onProgress: (count) => counts.push(count),
    });
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/v1/project/p1/query/export?response_type__eq=oos&tz=UTC');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t1');
    expect(counts[0]).toEqual({ received: 0, total: 3 });
    expect(counts.at(-1)).toEqual({ received: 3, total: 3 });
    expect(file.fileName).toBe('p1_queries.json');
    expect(JSON.parse(await file.blob.text())).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }]);
  });

  it('refuses an export cut off before its closing bracket', async () => {
    fetchMock.mockResolvedValueOnce(streamed(lines.slice(0, 3), { [EXPORT_TOTAL_HEADER]: '3' }));
    await expect(
      exportQueryLog('p1', {}, { signal: new AbortController().signal, onProgress: () => {} }),
    ).rejects.toThrow('The download broke off after 2 of 3 events. Please try again.');
  });

  it('names the file after the project when the answer does not', async () => {
    fetchMock.mockResolvedValueOnce(streamed(['[\n', ']\n'], {}));
    const counts: unknown[] = [];
    const file = await exportQueryLog('p1', {}, { signal: new AbortController().signal, onProgress: (count) => counts.push(count) });
    expect(file.fileName).toBe('p1_queries.json');
    expect(counts.at(-1)).toEqual({ received: 0, total: null });
  });
});
