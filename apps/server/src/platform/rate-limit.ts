import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { LoginLimits } from '../context';
import { AppError } from './errors';
import { outageLog } from './logging';

interface WindowCount {
  current: number;
  ttl: number;
}
type IncrCallback = (error: Error | null, result?: WindowCount) => void;

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

/** Counts a call in its key's window, which the first call opens; answers the count and the window's time left (ms). */
const COUNT_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

/**
 * The same fixed windows kept in Redis, so every server process counts an address against one limit.
 * A failed count is reported and passed on; the limiter then lets the call through (skipOnError).
 */
function createRedisStore(redis: Redis, onError: (error: unknown) => void) {
  return class RedisStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      redis.eval(COUNT_IN_WINDOW, 1, `console:rate-limit:${key}`, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => {
          onError(error);
          callback(error);
        },
      );
    }
    child(): this {
      return this;
    }
  };
}

/**
 * A Redis client that never holds a request: while Redis is unreachable a command fails at once
 * (no offline queue, one retry, a short timeout) instead of waiting for the reconnection.
 */
async function connectRedis(url: string, onError: (error: unknown) => void): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  // Reconnection goes on by itself; unheard, an 'error' event would end the process.
  redis.on('error', onError);
  await redis.connect().catch(onError);
  return redis;
}

interface RateLimitOptions {
  now: () => Date;
  /** REDIS_URL: the counts are shared by every process through it; unset, each process counts its own. */
  redisUrl?: string | undefined;
}

/** Registers the per-address limiter; routes opt in with `config: { rateLimit: signInRateLimit(...) }`. */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const reportOutage = outageLog(app.log, 'Redis does not answer: the per-address limits let calls through until it does');
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, reportOutage) : null;
  if (redis) app.addHook('onClose', () => void redis.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    store: redis ? createRedisStore(redis, reportOutage) : createClockStore(options.now),
    // Only the Redis store fails: an outage of the limiter must not refuse every visitor and sign-in.
    skipOnError: true,
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
