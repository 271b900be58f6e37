import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorDetails, errorTitle, type ApiError } from '@console/contracts';
import { outageLog } from './logging';

/**
 * The one error type of the server. `detail` is safe to show to the caller; anything meant only
 * for operators goes to the log through `cause`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.headers = options?.headers ?? {};
  }
  readonly headers: Record<string, string>;

  static badRequest(detail: string) {
    return new AppError(400, detail);
  }
  static unauthorized(detail: string) {
    return new AppError(401, detail);
  }
  static forbidden(detail: string = errorDetails.forbidden) {
    return new AppError(403, detail);
  }
  static notFound(detail: string = errorDetails.notFound) {
    return new AppError(404, detail);
  }
  static conflict(detail: string) {
    return new AppError(409, detail);
  }
  static unavailable(detail: string) {
    return new AppError(503, detail);
  }
  static tooManyAttempts(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, errorDetails.tooManyAttempts(seconds), { headers: { 'retry-after': String(seconds) } });
  }
}

export function buildApiError(status: number, detail: string, traceback: string[] = []): ApiError {
  return { status, title: errorTitle(status), detail, traceback };
}

function tracebackOf(error: unknown): string[] {
  if (!(error instanceof Error) || !error.stack) return [];
  return error.stack.split('\n').map((line) => line.trim());
}

/** Maps anything thrown to the error shape; bad input of any kind is a 4xx, never a 500. */
function toApiError(error: unknown, withTraceback: boolean): ApiError {
  const traceback = withTraceback ? tracebackOf(error) : [];
  if (error instanceof AppError) return buildApiError(error.status, error.detail, traceback);
  if (isDatabaseUnavailable(error)) return buildApiError(503, errorDetails.unavailable, traceback);
  const dataException = dataExceptionDetail(error);
  if (dataException) return buildApiError(400, dataException, traceback);
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first issue carries the contracts' message ('Email must be at least 3 characters').
    return buildApiError(400, error.validation[0]?.message ?? 'Invalid input', traceback);
  }
  if (isFastifyError(error) && error.statusCode && error.statusCode < 500) {
    return buildApiError(error.statusCode, clientDetail(error), traceback);
  }
  return buildApiError(500, errorDetails.internal, traceback);
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/** Fastify's own 4xx errors (malformed JSON, wrong content type, body too large) keep their message. */
function clientDetail(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'Body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Body cannot be empty when content-type is application/json.';
  return error.message;
}

export function registerErrorHandling(app: FastifyInstance, options: { withTraceback: boolean }): void {
  const reportOutage = outageLog(app.log, 'The database does not answer: requests are answered 503 until it does');
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toApiError(error, options.withTraceback);
    if (isDatabaseUnavailable(error)) reportOutage(error);
    else if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: body.status, detail: body.detail }, 'request refused');
    if (error instanceof AppError) reply.headers(error.headers);
    if (body.status === 503) answerUnavailable(request, reply);
    return reply.status(body.status).type('application/json').send(body);
  });
}

/** How long a client should wait before asking again a server that cannot serve for now. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called from other sites' pages (the public chat API): its answers carry CORS headers. */
    crossOrigin?: boolean;
  }
}

/**
 * A 503 says when to ask again. On the public chat API it also lets the page read it, whatever its
 * origin (the gate that checks origins may not have run, or could not read the deployment): the
 * answer holds nothing but the unavailability, the same for every page, and the widget can say so.
 */
function answerUnavailable(request: FastifyRequest, reply: FastifyReply): void {
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
  const origin = request.headers.origin;
  if (request.routeOptions.config?.crossOrigin && typeof origin === 'string' && origin !== 'null') {
    reply.headers({ 'access-control-allow-origin': origin, vary: 'Origin' });
  }
}

/**
 * Requests that arrive once the shutdown began are refused like any other unavailability (instead of
 * Fastify's own 503 body), so a client or load balancer retries them on another process.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw AppError.unavailable(errorDetails.unavailable);
  });
}

/** The error itself and what it wraps (Drizzle wraps the driver's error in its own). */
function* causeChain(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * The database cannot be reached or is going away: connection exceptions (class 08), a server
 * shutting down or starting (57P0x), no free connection (53300), a refused, reset or timed-out
 * socket, or a connection the pool lost.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causeChain(error)) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')) return true;
    if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    if (typeof message === 'string' && /^Connection terminated|timeout exceeded when trying to connect/.test(message)) return true;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps the driver's error in its own. */
export function pgErrorCode(error: unknown): string | null {
  for (const cause of causeChain(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** A unique violation (23505): two writers raced past a check, or a value is taken. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/**
 * Runs a write whose uniqueness a unique index decides (so two concurrent writers cannot both win)
 * and answers its refusal with the given error (a 409 with the rule's message, usually).
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, refusal: AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal;
    throw error;
  }
}

/**
 * Class 22 (data exception) is a value PostgreSQL cannot take: text with a NUL character, a date
 * beyond its range. Only input carries such values, so it is the caller's 400, never a 500.
 */
function dataExceptionDetail(error: unknown): string | null {
  const code = pgErrorCode(error);
  if (!code?.startsWith('22')) return null;
  if (code === '22021' || code === '22P05') return 'Text must not contain NUL characters.';
  return 'A value is out of range or not valid.';
}
