import { z } from 'zod';

/** The one error shape every failing call answers with (docs/architecture.md §3). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  title: z.string(),
  detail: z.string(),
  traceback: z.array(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** HTTP status -> title, so the server and the console name errors alike. */
const errorTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function errorTitle(status: number): string {
  return errorTitles[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/** Details the server sends for its common refusals. */
export const errorDetails = {
  invalidCredentials: 'Incorrect email or password.',
  invalidMfaCode: 'The code is incorrect or has expired.',
  invalidTokenCode: 'The code is incorrect or has expired.',
  mfaCodeBurned: 'Too many wrong codes: sign in with your password again to get a new code.',
  tokenCodeBurned: 'Too many wrong codes: ask for a new code with Forgot password.',
  accountBlocked: 'This account is not active.',
  wrongCurrentPassword: 'Current Password is incorrect',
  missingToken: 'Sign in to continue.',
  invalidToken: 'Your session is not valid: sign in again.',
  invalidRefreshToken: 'Your session has ended: sign in again.',
  tooManyAttempts: (retryAfterSeconds: number) =>
    `Too many sign-in attempts: try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
  notFound: 'The requested resource was not found.',
  routeNotFound: 'Route not found.',
  forbidden: 'You do not have permission to do this.',
  internal: 'Internal Server Error',
  unavailable: 'The service is unavailable for a moment: try again shortly.',
  businessLogicFailed: 'The service behind this conversation did not answer: try again shortly.',
  conversationBusy: 'Another question of this conversation is still being answered: send this one again once it is.',
} as const;
