const HOUR_MS = 3_600_000;
const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);

type Read<T> = (from: Date | null, to: Date | null) => Promise<T>;

/**
 * Totals over a range [from, to) kept by an hourly rollup: the whole hours of the range from the
 * rollup, the partial hours at its two ends from the rows themselves (at most two hours of rows,
 * through a project-and-time index). Exact for any range, at a cost that does not grow with the log.
 */
export async function byWholeHours<T>(
  range: { from: Date | null; to: Date | null },
  readHours: Read<T>,
  readRows: Read<T>,
  add: (a: T, b: T) => T,
): Promise<T> {
  const { from, to } = range;
  const firstHour = from ? ceilHour(from) : null;
  const endHour = to ? floorHour(to) : null;
  if (firstHour && endHour && firstHour >= endHour) return readRows(from, to);
  const parts = [readHours(firstHour, endHour)];
  if (from && firstHour && from < firstHour) parts.push(readRows(from, firstHour));
  if (to && endHour && endHour < to) parts.push(readRows(endHour, to));
  const totals = (await Promise.all(parts)) as T[];
  return totals.reduce(add);
}
