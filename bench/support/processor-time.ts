import { readdirSync, readFileSync } from 'node:fs';

/**
 * Processor time (user and system, in µs) used so far, read from /proc on Linux (null elsewhere):
 * what each party of a load test spends per request says where a faster path must come from, which
 * throughput alone does not when the load generator, the server and the database share the cores.
 */

// Linux reports /proc times in USER_HZ ticks, 100 per second on every architecture Node runs on.
const MICROSECONDS_PER_TICK = 10_000;

function ticks(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** A process's time, all its threads together. */
export function processorTime(pid: number): number | null {
  const used = ticks(String(pid));
  return used === null ? null : used * MICROSECONDS_PER_TICK;
}

/** The time of every PostgreSQL process on this machine (backends, writers): a local server's whole share. */
export function postgresProcessorTime(): number | null {
  let total = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/comm`, 'utf8');
    } catch {
      continue;
    }
    if (!command.startsWith('postgres')) continue;
    total += ticks(pid) ?? 0;
    found = true;
  }
  return found ? total * MICROSECONDS_PER_TICK : null;
}
