import type { FastifyBaseLogger, FastifyServerOptions, FastifyRequest } from 'fastify';
/** Where log lines are written (a file, stdout, or a test buffer). */
export interface LogStream {
  write: (line: string) => void;
}

/**
 * Logs never carry secrets: bodies are never logged, the authorization and cookie headers are
 * redacted, and console routes that carry a code in their path (/login/mfa/{email}/{code}) are cut.
 */
const secretPath = /^(\/login\/(?:mfa|reset|invite|forgot|password))\/.*$/;

function redactUrl(url: string): string {
  const [pathname = ''] = url.split('?');
  return pathname.replace(secretPath, '$1/[redacted]');
}

export function buildLoggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.password_validator',
        '*.token',
        '*.refresh_token',
        '*.token_code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/** How often an outage that every request meets is logged while it lasts. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * Logs an outage of something every request needs (the database, Redis) at most once per interval,
 * with its stack and how many failures went unlogged since: a line per request would bury the log
 * (and fill the disk) for as long as the outage lasts.
 */
export function outageLog(log: FastifyBaseLogger, message: string, now: () => number = Date.now): (error: unknown) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (error) => {
    const at = now();
    if (at - loggedAt < OUTAGE_LOG_INTERVAL_MS) {
      unlogged += 1;
      return;
    }
    log.error({ err: error, failuresSinceLastLine: unlogged }, message);
    loggedAt = at;
    unlogged = 0;
  };
}
