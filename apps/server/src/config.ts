import path from 'node:path';
import { z } from 'zod';
import { CHAT_MAX_QUERIES_PER_MINUTE, LOGIN_MAX_CALLS_PER_ADDRESS, emailSchema, newPasswordSchema } from '@console/contracts';
import { parseModelEndpoints, type ModelEndpoints } from './platform/model-endpoints';

/** The environment, parsed once at start-up. A bad value stops the server with the list of every bad variable. */

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // The sign-in's own e-mail rule, so the first super user can sign in with it.
  ADMIN_EMAIL: emailSchema.default('admin@example.com'),
  // Checked against the console's own password rules, so the first super user can use every screen.
  ADMIN_PASSWORD: optionalText.pipe(newPasswordSchema.optional()),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
  // The operator's terms of use, linked from the invitation's 'I agree' box; a page a browser can open.
  TERMS_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional()),
  STAFF_EMAIL_DOMAIN: optionalText,
  // Unset: the address the server listens on (see defaultPublicUrl).
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // Off by default: trusting X-Forwarded-For from anyone would let a client pick its own address and
  // escape the per-address limit. Set 'true' or the proxy addresses when behind a proxy.
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Off by default: a pipeline URL (or a model endpoint) could otherwise reach the server's own network.
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
  // Sign-in calls per client address and window; an office behind one NAT address may need more.
  LOGIN_MAX_CALLS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(LOGIN_MAX_CALLS_PER_ADDRESS),
  // Chat queries per client address and deployment per minute; a load test or a busy shared address needs more.
  CHAT_MAX_QUERIES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(CHAT_MAX_QUERIES_PER_MINUTE),
  // Answering worker threads; unset, the cores the request thread and the database leave decide.
  ANSWERING_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  // Off: this process answers and serves the console, and leaves background jobs to the processes that run them.
  BACKGROUND_JOBS: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  // The origins each MODEL_API_KEY_* may be sent to; a key it does not name is sent nowhere.
  MODEL_ENDPOINTS: optionalText.transform((raw, ctx) => {
    const { endpoints, problems } = parseModelEndpoints(raw);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return endpoints;
  }),
});

interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string | undefined;
  termsUrl: string | undefined;
  staffEmailDomain: string | undefined;
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  trustProxy: boolean | string;
  outboundAllowPrivate: boolean;
  loginMaxCallsPerAddress: number;
  chatMaxQueriesPerMinute: number;
  answeringThreads: number | undefined;
  backgroundJobs: boolean;
  modelEndpoints: ModelEndpoints;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line per variable (its first problem), every bad variable at once.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      if (!problems.has(name)) problems.set(name, `${name}: ${issue.message}`);
    }
    throw new ConfigError([...problems.values()]);
  }
  const value = parsed.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    adminEmail: value.ADMIN_EMAIL,
    adminPassword: value.ADMIN_PASSWORD,
    redisUrl: value.REDIS_URL,
    jwtSecret: value.JWT_SECRET,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    supportEmail: value.SUPPORT_EMAIL,
    termsUrl: value.TERMS_URL,
    staffEmailDomain: value.STAFF_EMAIL_DOMAIN,
    // Links in e-mails append paths, so a trailing slash would double up.
    publicUrl: (value.PUBLIC_URL ?? defaultPublicUrl(value.HOST, value.PORT)).replace(/\/+$/, ''),
    nodeEnv: value.NODE_ENV,
    logLevel: value.LOG_LEVEL,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    outboundAllowPrivate: value.OUTBOUND_ALLOW_PRIVATE === 'true',
    loginMaxCallsPerAddress: value.LOGIN_MAX_CALLS_PER_ADDRESS,
    chatMaxQueriesPerMinute: value.CHAT_MAX_QUERIES_PER_MINUTE,
    answeringThreads: value.ANSWERING_THREADS,
    backgroundJobs: value.BACKGROUND_JOBS === 'on',
    modelEndpoints: value.MODEL_ENDPOINTS,
  };
}

/**
 * Where links in mails and the widget snippet point when PUBLIC_URL is unset: the server's own
 * port, so a server moved to another PORT still sends working links. A wildcard or loopback HOST
 * is reached as localhost on the machine itself; any other HOST is the address others use.
 */
function defaultPublicUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Fastify's trustProxy: true/false, or a comma-separated list of proxy addresses/subnets. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/**
 * Said at start-up when a process on PostgreSQL signs tokens with a secret of its own: processes
 * sharing a database are meant to serve the same users, and a token one of them issued would fail on
 * the others.
 */
export function sharedSecretWarning(config: Config): string | null {
  if (!config.databaseUrl || config.jwtSecret) return null;
  return (
    `JWT_SECRET is not set: this process signs tokens with a secret generated into ${config.dataDir}, ` +
    'which no other server process has, so its tokens fail on every other process on the same DATABASE_URL. ' +
    'Give every process the same JWT_SECRET.'
  );
}
