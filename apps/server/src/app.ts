import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  CHAT_MAX_QUERIES_PER_MINUTE,
  LOGIN_MAX_CALLS_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_RATE_WINDOW_MS,
  errorDetails,
} from '@console/contracts';
import type { AppContext, LoginLimits } from './context';
import type { Db } from './db/client';
import { aboutRoutes } from './modules/about/routes';
import { callSigningRoutes } from './modules/call-signing/routes';
import { apiKeyRoutes } from './modules/api-key/routes';
import { archiveRoutes } from './modules/archive/routes';
import { contentRoutes } from './modules/content/routes';
import { deploymentRoutes } from './modules/deployment/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { intentRoutes } from './modules/intent/routes';
import { avatarRoutes } from './modules/avatar/routes';
import { channelRoutes } from './modules/channel/routes';
import { createAssistant } from './modules/chat/assistant';
import { jobHandlers } from './modules/job/handlers';
import { retentionSchedule } from './modules/privacy/retention-job';
import { jobRoutes } from './modules/job/routes';
import { createInsight } from './modules/insight/insight';
import { queueInsightGrouping } from './modules/insight/queue';
import { JobRunner, NO_BACKGROUND_JOBS } from './modules/job/runner';
import type { EventBatching } from './modules/chat/event-writer';
import { chatRoutes } from './modules/chat/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { conversationStoreRoutes } from './modules/analytics/conversation-store-routes';
import { healthRoutes } from './modules/health/routes';
import { authRoutes } from './modules/auth/routes';
import { projectMembershipRoutes } from './modules/membership/project-routes';
import { membershipRoutes } from './modules/membership/routes';
import { projectRoutes } from './modules/project/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { insightRoutes } from './modules/insight/routes';
import { replayRoutes } from './modules/replay/routes';
import { richTextRoutes } from './modules/rich-text/routes';
import { scenarioRoutes } from './modules/scenario/routes';
import { sequenceRoutes } from './modules/sequence/routes';
import { sessionRoutes } from './modules/session/routes';
import { slotRoutes } from './modules/slot/routes';
import { snapshotRoutes } from './modules/snapshot/routes';
import { versionRoutes } from './modules/version/routes';
import { sourceRoutes } from './modules/source/routes';
import { suiteRoutes } from './modules/suite/routes';
import { supportRoutes } from './modules/support/routes';
import { NO_SUPPORT_EMAIL } from './modules/support/service';
import { userRoutes } from './modules/user/routes';
import { defaultWebRoot, registerWebConsole } from './modules/web/static';
import { registerWidget } from './modules/widget/static';
import { workspaceRoutes } from './modules/workspace/routes';
import { auditRoutes } from './modules/audit/routes';
import { auditRetentionSchedule } from './modules/audit/service';
import { registerAccess } from './platform/access';
import { registerCaller } from './platform/caller';
import { API_PREFIX } from './platform/authenticate';
import { buildApiError, refuseRequestsWhileClosing, registerErrorHandling } from './platform/errors';
import { documentSchemas } from './platform/openapi';
import { buildLoggerOptions, type LogStream } from './platform/logging';
import { createMailer } from './platform/mail';
import type { ModelEndpoints } from './platform/model-endpoints';
import { registerRateLimit } from './platform/rate-limit';
import { deriveKeys } from './platform/secrets';

export interface AppDeps {
  db: Db;
  jwtSecret: string;
  version: string;
  nodeEnv?: 'development' | 'production' | 'test';
  logLevel?: string;
  /** Where log lines go (tests capture them); stdout when unset. */
  logStream?: LogStream;
  /** Where links in mails and the widget snippet point (PUBLIC_URL, else the listening address: ./config.ts). */
  publicUrl: string;
  smtpUrl?: string | undefined;
  mailFrom?: string;
  supportEmail?: string | undefined;
  termsUrl?: string | undefined;
  staffEmailDomain?: string | undefined;
  /** The built console; the default is apps/web/dist. Nothing is served at / when it does not exist. */
  webRoot?: string;
  limits?: Partial<LoginLimits>;
  /** Fastify's trustProxy (TRUST_PROXY); off unless a proxy in front sets X-Forwarded-For. */
  trustProxy?: boolean | string;
  /** Outgoing requests (pulls, model endpoints) may reach private addresses (OUTBOUND_ALLOW_PRIVATE); off unless set. */
  outboundAllowPrivate?: boolean;
  /** MODEL_ENDPOINTS: the origins each model key may be sent to; unset, no key is sent anywhere. */
  modelEndpoints?: ModelEndpoints;
  /** The clock of every expiry and window, injectable so tests step through time without sleeping. */
  now?: () => Date;
  /** REDIS_URL: where every process counts the per-address limits together; unset, each process counts its own. */
  redisUrl?: string | undefined;
  /** Chat queries per client address and deployment per minute (CHAT_MAX_QUERIES_PER_MINUTE). */
  chatMaxQueriesPerMinute?: number;
  /** How the event writer groups concurrent queries' events into one INSERT (tests shrink or widen it). */
  eventBatching?: EventBatching;
  /** Answering workers (ANSWERING_THREADS, else as many as the cores allow: ./modules/chat/answering.ts); one when unset. */
  answeringThreads?: number;
  /** How often this process looks for background jobs to run (tests shorten it); 1 s when unset. */
  jobPollMs?: number;
  /** BACKGROUND_JOBS: false, this process runs no background job and leaves them to the processes that do; true when unset. */
  backgroundJobs?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const nodeEnv = deps.nodeEnv ?? 'production';
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: buildLoggerOptions(deps.logLevel ?? 'info', deps.logStream),
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // A stuck client must not hold a connection forever.
    requestTimeout: 60_000,
    // Requests that arrive during shutdown get the error shape (refuseRequestsWhileClosing), not Fastify's own body.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (!deps.supportEmail) app.log.warn(NO_SUPPORT_EMAIL);
  const background = new Set<Promise<unknown>>();
  const ctx: AppContext = {
    db: deps.db,
    keys: deriveKeys(deps.jwtSecret),
    now,
    log: app.log,
    version: deps.version,
    publicUrl: deps.publicUrl.replace(/\/+$/, ''),
    supportEmail: deps.supportEmail ?? null,
    termsUrl: deps.termsUrl ?? null,
    staffEmailDomain: deps.staffEmailDomain ?? null,
    limits: {
      windowMs: deps.limits?.windowMs ?? LOGIN_RATE_WINDOW_MS,
      maxFailuresPerAccount: deps.limits?.maxFailuresPerAccount ?? LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxCallsPerAddress: deps.limits?.maxCallsPerAddress ?? LOGIN_MAX_CALLS_PER_ADDRESS,
    },
    outboundAllowPrivate: deps.outboundAllowPrivate ?? false,
    modelEndpoints: deps.modelEndpoints ?? new Map(),
    mailer: createMailer({
      smtpUrl: deps.smtpUrl,
      from: deps.mailFrom ?? 'no-reply@localhost',
      db: deps.db,
      log: app.log,
      now,
    }),
    runInBackground: (work) => {
      // Started once the answer is written, so not even the work's first synchronous steps delay it.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error }, 'background work failed'))
        .finally(() => background.delete(running));
      background.add(running);
    },
    assistant: createAssistant(deps.db, {
      maxQueriesPerMinute: deps.chatMaxQueriesPerMinute ?? CHAT_MAX_QUERIES_PER_MINUTE,
      eventBatching: deps.eventBatching,
      answeringThreads: deps.answeringThreads ?? 1,
    }),
    jobs: new JobRunner(deps.db, app.log, { now, pollMs: deps.jobPollMs }),
    insight: createInsight((projectId, at) => queueInsightGrouping(deps.db, projectId, at), () => ctx.jobs, app.log, now),
  };
  app.decorate('ctx', ctx);
  if (deps.backgroundJobs === false) app.log.warn(NO_BACKGROUND_JOBS);
  else app.addHook('onReady', async () => ctx.jobs.start(jobHandlers(ctx), [retentionSchedule(ctx.db), auditRetentionSchedule(ctx.db)]));
  app.addHook('onClose', async () => {
    // Jobs in hand stop at their next step and go back to the queue for the next process.
    await ctx.jobs.stop();
    await Promise.allSettled([...background]);
    ctx.mailer.close();
    // After the server stopped taking requests: the events of every answered query are written.
    await Promise.all([ctx.assistant.close(), ctx.insight.close()]);
  });

  registerErrorHandling(app, { withTraceback: nodeEnv === 'development' });
  refuseRequestsWhileClosing(app);

  // Third-party plugins first, then access (it must see every route as it is added), then routes.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Responses show images from the team's own sites (contracts allow http and https image URLs).
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Plain-HTTP installs on a LAN address would break if the browser upgraded every request.
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerRateLimit(app, { now, redisUrl: deps.redisUrl });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Console API', version: deps.version },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The conversation-store API: a workspace API key (ack_...) as the bearer token.
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API key' },
        },
      },
    },
    transform: documentSchemas(jsonSchemaTransform),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerCaller(app);
  registerAccess(app, ctx);

  await app.register(healthRoutes(ctx));
  await app.register(avatarRoutes);
  await app.register(
    async (api) => {
      await api.register(aboutRoutes(ctx));
      await api.register(callSigningRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(sessionRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(workspaceRoutes(ctx));
      await api.register(projectRoutes(ctx));
      await api.register(privacyRoutes(ctx));
      await api.register(auditRoutes(ctx));
      await api.register(membershipRoutes(ctx));
      await api.register(projectMembershipRoutes(ctx));
      await api.register(archiveRoutes(ctx));
      await api.register(sourceRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(intentRoutes(ctx));
      await api.register(slotRoutes(ctx));
      await api.register(sequenceRoutes(ctx));
      await api.register(scenarioRoutes(ctx));
      await api.register(richTextRoutes(ctx));
      await api.register(snapshotRoutes(ctx));
      await api.register(versionRoutes(ctx));
      await api.register(deploymentRoutes(ctx));
      await api.register(jobRoutes(ctx));
      await api.register(replayRoutes(ctx));
      await api.register(insightRoutes(ctx));
      await api.register(suiteRoutes(ctx));
      await api.register(channelRoutes(ctx));
      await api.register(chatRoutes(ctx));
      await api.register(feedbackRoutes(ctx));
      await api.register(analyticsRoutes(ctx));
      await api.register(conversationStoreRoutes(ctx));
      await api.register(apiKeyRoutes(ctx));
      await api.register(supportRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  await registerWidget(app);
  const spaFallback = await registerWebConsole(app, deps.webRoot ?? defaultWebRoot);
  app.setNotFoundHandler((request, reply) => {
    const served = spaFallback?.(request, reply);
    if (served) return served;
    return reply.status(404).send(buildApiError(404, errorDetails.routeNotFound));
  });

  return app;
}
