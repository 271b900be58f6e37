// The storage floor of the chat load benchmark: a bare Fastify route that does nothing but what
// storing a question costs, through the server's own event writer and batch statement: the question's
// request and response events (the response's data a real stored answer's, so every byte is as the
// chat endpoint stores it, rollups included) group-committed before the reply. No engine, no origin
// gate, no rate limit, no validation: the chat endpoint cannot be faster than this on the same machine.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/client';
import { events } from '../../apps/server/src/db/schema/index';
import { renderedEventRecord, type EventBase } from '../../apps/server/src/modules/chat/event-records';
import { EventWriter, eventBatchingFor } from '../../apps/server/src/modules/chat/event-writer';
import { requestRecord } from '../../apps/server/src/modules/chat/rendered-answer';

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: process.env.PGLITE_DIR });
const [sample] = await database.db
  .select()
  .from(events)
  .where(and(eq(events.projectId, process.env.PROJECT_ID!), eq(events.dataType, 'response')))
  .orderBy(desc(events.issuedAt))
  .limit(1);
if (!sample) throw new Error('the storage floor needs an answered question of the project to copy');
const responseData = JSON.stringify(sample.data);
const answerJson = JSON.stringify((sample.data as { response: unknown }).response);

const shared = {
  projectId: sample.projectId,
  deploymentId: sample.deploymentId,
  snapshotId: sample.snapshotId,
  integrationType: sample.integrationType,
  inputMethod: sample.inputMethod,
  visitorId: sample.visitorId,
};

const writer = new EventWriter(database.db, eventBatchingFor(database.kind));
const app = Fastify({ logger: false });
app.post('/query', async (request, reply) => {
  const receivedAt = new Date();
  const { utterance } = request.body as { utterance: string };
  const base: EventBase = { ...shared, convId: randomUUID(), utterance };
  await writer.write([
    requestRecord({ event: base, receivedAt, turn: 1, request: { utterance, conv_id: null, input_method: 'text' }, redaction: [] }),
    renderedEventRecord(base, { issuedAt: new Date(), dataType: 'response', responseType: sample.responseType, contentId: sample.contentId, reportingId: sample.reportingId }, responseData),
  ]);
  return reply.type('application/json; charset=utf-8').send(answerJson);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => writer.close()).then(() => database.close()).then(() => process.exit(0)));
