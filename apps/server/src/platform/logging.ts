import type { FastifyServerOptions, FastifyRequest } from 'fastify';
/** Where log lines are written (a file, stdout, or a test buffer). */
export interface LogStream {
  write: (line: string) => void;
}

/**
 * Logs never carry secrets: bodies are never logged, the authorization and cookie headers are
 * redacted, and console routes that carry a code in their path (/login/mfa/{email}/{code}) are cut.
 */
const secretPath = /^(\/login\/(?:mfa|reset|invite|forgot|password))\/.*$/;

export function redactUrl(url: string): string {
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
