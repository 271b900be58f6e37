import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Assistant } from './modules/chat/assistant';
import type { Insight } from './modules/insight/insight';
import type { JobRunner } from './modules/job/runner';
import type { Mailer } from './platform/mail';
import type { ModelEndpoints } from './platform/model-endpoints';
import type { Keys } from './platform/secrets';
import type { AuditActorType } from '@console/contracts';

/** Who a request acts for, and from which address: what an audit entry says of its author (platform/caller.ts). */
export interface Caller {
  type: AuditActorType;
  id: string | null;
  /** The user's e-mail address or the key's name, as they are now. */
  label: string;
  address: string | null;
}

/** Sign-in throttling knobs (defaults from contracts; tests shorten them). */
export interface LoginLimits {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxCallsPerAddress: number;
}

/** What every service needs, built once by buildApp and passed explicitly (no globals). */
export interface AppContext {
  db: Db;
  keys: Keys;
  now: () => Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  version: string;
  publicUrl: string;
  supportEmail: string | null;
  /** TERMS_URL: the operator's terms of use, or null when none were published. */
  termsUrl: string | null;
  staffEmailDomain: string | null;
  limits: LoginLimits;
  /** OUTBOUND_ALLOW_PRIVATE: outgoing requests may reach private, loopback and link-local addresses. */
  outboundAllowPrivate: boolean;
  /** MODEL_ENDPOINTS: the origins each model key may be sent to. */
  modelEndpoints: ModelEndpoints;
  /** Who the request being served acts for (actingFor); unset in background work and at start-up. */
  caller?: Caller;
  /** Work the answer must not wait for (so its timing reveals nothing); awaited when the app closes. */
  runInBackground: (work: () => Promise<unknown>) => void;
  /** Compiled indexes, conversations, deployments by key and the event writer of the chat API. */
  assistant: Assistant;
  /** This process's runner of background jobs (test runs, replays, source pulls), shared through the jobs table. */
  jobs: JobRunner;
  /** The inbox of failed questions: the notices that queue their grouping, and the grouping worker. */
  insight: Insight;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context, so tests and later modules call service functions with the app's own wiring. */
    ctx: AppContext;
  }
}
