import { readFileSync } from 'node:fs';

/**
 * A process's resident memory (MB) from /proc on Linux (null elsewhere): `VmRSS` now and `VmHWM`, the
 * highest it has been since the process started, every thread of the process together (the server's
 * workers are threads).
 */
export function residentMemory(pid: number): { rss_mb: number; peak_mb: number } | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss_mb: Math.round(kilobytes('VmRSS') / 1024), peak_mb: Math.round(kilobytes('VmHWM') / 1024) };
}

/**
 * Samples a process's resident memory every `everyMs` until stopped; answers the first sample (what
 * the process held before) and the highest. VmHWM alone would also count what the process held
 * before the sampled span (a sync's embedding).
 */
export function sampleResidentPeak(pid: number, everyMs = 100): { stop: () => { first: number | null; peak: number | null } } {
  const first = residentMemory(pid)?.rss_mb ?? null;
  let peak = first;
  const sample = () => {
    const rss = residentMemory(pid)?.rss_mb;
    if (rss !== undefined) peak = Math.max(peak ?? 0, rss);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { first, peak };
    },
  };
}
