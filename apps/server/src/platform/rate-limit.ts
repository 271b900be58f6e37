import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginLimits } from '../context';
import { AppError } from './errors';

type IncrCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * A fixed-window counter store on the app's clock, so tests can step past a window without waiting.
 * One store serves every sign-in route (child() returns itself): the limit is per address across all of them.
 */
function createClockStore(now: () => Date) {
  const windows = new Map<string, { count: number; startMs: number }>();
  let calls = 0;
  return class ClockStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const nowMs = now().getTime();
      // Forget finished windows now and then, so many distinct addresses cannot grow the map forever.
      if (++calls % 1000 === 0) {
        for (const [address, entry] of windows) if (entry.startMs + timeWindow <= nowMs) windows.delete(address);
      }
      let entry = windows.get(key);
      if (!entry || entry.startMs + timeWindow <= nowMs) {
        entry = { count: 0, startMs: nowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      callback(null, { current: entry.count, ttl: entry.startMs + timeWindow - nowMs });
    }
    child(): this {
      return this;
    }
  };
}

/** Registers the per-address limiter; routes opt in with `config: { rateLimit: signInRateLimit(...) }`. */
export async function registerRateLimit(app: FastifyInstance, now: () => Date): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: createClockStore(now),
    // Thrown into the one error handler, so the answer keeps the error shape (the plugin sets Retry-After).
    errorResponseBuilder: (_request, context) => AppError.tooManyAttempts(context.ttl / 1000),
  });
}

export function signInRateLimit(limits: LoginLimits) {
  return {
    max: limits.maxCallsPerAddress,
    timeWindow: limits.windowMs,
    keyGenerator: (request: FastifyRequest) => `sign-in:${request.ip}`,
  };
}
