import path from 'node:path';
import { buildApp } from './app';
import { answeringThreads } from './modules/chat/answering';
import { eventBatchingFor, refreshEventStatistics } from './modules/chat/event-writer';
import { ConfigError, readConfig, sharedSecretWarning } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { removeImportsLeftAtStartUp } from './modules/archive/abandoned-imports';
import { requeueJobsLeftAtStartUp } from './modules/job/runner';
import { bootstrapSuperUser } from './modules/user/service';
import { unboundModelKeys } from './platform/model-endpoints';
import { loadJwtSecret } from './platform/secrets';
import { readVersion } from './version';

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    onIdleConnectionError: (error) => console.error(`An idle database connection was closed: ${error.message}`),
  });
  await migrateDatabase(database);
  // The embedded engine keeps no statistics of its own (no autovacuum): start from fresh ones.
  if (database.kind === 'pglite') await refreshEventStatistics(database.db);
  // Projects an import left half written when its process stopped.
  await removeImportsLeftAtStartUp({ db: database.db, now: () => new Date() }, database.kind);
  await requeueJobsLeftAtStartUp(database.db, database.kind);

  const admin = await bootstrapSuperUser(
    { db: database.db, now: () => new Date() },
    { email: config.adminEmail, password: config.adminPassword },
  );
  if (admin.generatedPassword) {
    // Printed once, straight to the terminal and never through the structured log.
    process.stdout.write(
      `\nFirst super user created: ${config.adminEmail}\nGenerated password (shown only now): ${admin.generatedPassword}\n\n`,
    );
  }

  const app = await buildApp({
    db: database.db,
    jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
    version: readVersion(config.nodeEnv),
    nodeEnv: config.nodeEnv,
    logLevel: config.logLevel,
    publicUrl: config.publicUrl,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    supportEmail: config.supportEmail,
    termsUrl: config.termsUrl,
    staffEmailDomain: config.staffEmailDomain,
    trustProxy: config.trustProxy,
    outboundAllowPrivate: config.outboundAllowPrivate,
    modelEndpoints: config.modelEndpoints,
    limits: { maxCallsPerAddress: config.loginMaxCallsPerAddress },
    redisUrl: config.redisUrl,
    chatMaxQueriesPerMinute: config.chatMaxQueriesPerMinute,
    eventBatching: eventBatchingFor(database.kind),
    answeringThreads: config.answeringThreads ?? answeringThreads(database.kind),
    backgroundJobs: config.backgroundJobs,
  });

  const secretWarning = sharedSecretWarning(config);
  if (secretWarning) app.log.warn(secretWarning);
  const unbound = unboundModelKeys(config.modelEndpoints);
  if (unbound.length > 0) app.log.warn({ keys: unbound }, 'model keys without MODEL_ENDPOINTS are sent to no endpoint');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A hung close must not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
