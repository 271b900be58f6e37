import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';
import type { events } from '../../db/schema/index';

export type NewEvent = typeof events.$inferInsert;

/**
 * An event as the batch insert reads it: its columns as one JSON object, and its `data` as JSON text
 * apart. Rendered where the event is made (the answering worker renders a question's two events while
 * it answers), so the thread that takes requests only joins strings. The data travels apart because
 * PostgreSQL unpacks a record holding a large nested object at several times the cost of the same
 * text given to it whole (event-writer.ts).
 */
export interface RenderedEvent {
  /** Its project's id: a batch stores nothing of a project deleted meanwhile, and says which it refused. */
  projectId: string;
  fields: string;
  /** JSON text on one line (JSON.stringify never writes a raw line break): a batch sends them one per line. */
  data: string;
}

/** Random bytes for event ids, drawn 4 KiB at a time: a draw per id cost more than the rest of a record. */
const randomPool = new Uint8Array(4096);
let randomUsed = randomPool.length;
function randomBytes16(): Uint8Array {
  if (randomUsed === randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  return randomPool.subarray(randomUsed, (randomUsed += 16));
}

/** The clock of this thread's ids: a new millisecond starts a random sequence, ids within one count up from it. */
const idClock = { msecs: -Infinity, seq: 0 };

/**
 * A UUIDv7, increasing in the order ids are made in this thread: a question and its answer stamped in
 * the same millisecond still list and export question first (the log orders by time, then id).
 */
export function timeOrderedId(): string {
  const random = randomBytes16();
  const now = Date.now();
  if (now > idClock.msecs) {
    idClock.msecs = now;
    // 31 random bits: the count can go on for two billion ids before reaching the sequence's top bit.
    idClock.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    idClock.seq = (idClock.seq + 1) >>> 0;
  }
  return v7({ msecs: idClock.msecs, seq: idClock.seq, random });
}

/** What a question's events share. */
export type EventBase = Omit<NewEvent, 'id' | 'issuedAt' | 'dataType' | 'data' | 'responseType' | 'contentId' | 'reportingId'>;
/** What one event of a question has of its own, besides its data. */
type EventOwn = Pick<NewEvent, 'id' | 'issuedAt' | 'dataType' | 'responseType' | 'contentId' | 'reportingId'>;

/**
 * An event whose data is already JSON text (the answer's own JSON spliced in, rendered once). Its
 * parts come apart rather than as one spread object: JSON.stringify took three times as long over
 * fields read from objects made by spreading.
 */
export function renderedEventRecord(base: EventBase, own: EventOwn, data: string): RenderedEvent {
  const fields = JSON.stringify({
    id: own.id ?? timeOrderedId(),
    project_id: base.projectId,
    deployment_id: base.deploymentId ?? null,
    snapshot_id: base.snapshotId ?? null,
    conv_id: base.convId,
    issued_at: own.issuedAt,
    data_type: own.dataType,
    utterance: base.utterance,
    response_type: own.responseType ?? null,
    integration_type: base.integrationType,
    input_method: base.inputMethod,
    content_id: own.contentId ?? null,
    reporting_id: own.reportingId ?? null,
    visitor_id: base.visitorId ?? null,
  });
  return { projectId: base.projectId, fields, data };
}

export function eventRecord(row: NewEvent): RenderedEvent {
  return renderedEventRecord(row, row, JSON.stringify(row.data ?? {}));
}

/**
 * The columns of an event record's fields, in the order the insert names them (then `data`): the
 * events table's and renderedEventRecord's, held together by test/event-records.test.ts.
 */
export const EVENT_RECORD_COLUMNS = [
  'id',
  'project_id',
  'deployment_id',
  'snapshot_id',
  'conv_id',
  'issued_at',
  'data_type',
  'utterance',
  'response_type',
  'integration_type',
  'input_method',
  'content_id',
  'reporting_id',
  'visitor_id',
] as const;
