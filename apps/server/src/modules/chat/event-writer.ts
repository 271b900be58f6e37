import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { driverRows, type DriverStatement } from '../../db/driver-query';
import { EVENT_RECORD_COLUMNS, type RenderedEvent } from './event-records';

export interface EventBatching {
  /** A batch is written as soon as this many events wait. */
  maxEvents: number;
  /**
   * Refresh the planner's statistics of the events and their rollups after this many events (the
   * embedded engine runs no autovacuum: without statistics its plans for a large log go wrong).
   */
  refreshStatisticsEvery?: number;
}

/** How often the embedded engine's statistics are refreshed (ANALYZE samples a fixed number of rows, so it costs about the same at any size). */
const EMBEDDED_STATISTICS_EVERY = 50_000;

/** ANALYZE of the tables the analytics read. */
export async function refreshEventStatistics(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE events, conversations, event_counts, visitors`);
}

const DEFAULT_EVENT_BATCHING: EventBatching = { maxEvents: 500 };

/** The batching a process's writer uses on this database: the embedded engine also refreshes its statistics. */
export function eventBatchingFor(database: Database['kind']): EventBatching {
  return database === 'pglite' ? { ...DEFAULT_EVENT_BATCHING, refreshStatisticsEvery: EMBEDDED_STATISTICS_EVERY } : DEFAULT_EVENT_BATCHING;
}

/**
 * One statement per batch, the whole batch passed as three parameters: the records' columns as one JSON
 * array, unpacked by PostgreSQL in C (json_populate_recordset, about twice as fast as binding every
 * column of every row, and more on the embedded engine, where every parameter crosses into
 * WebAssembly), their data as JSON texts one per line, zipped back to their records in order
 * (ROWS FROM), and their projects. Unpacking a record that holds its nested data cost several times
 * reading the same text whole: about 40 µs per event against 20. On PostgreSQL the statement is
 * prepared: planning its parts took longer than storing a small batch. The same statement keeps the
 * analytics rollups (`event_counts`, `conversations`, `conversation_counts`, `visitors`) in step with
 * the events: one statement, so one commit, and the counts can never disagree with the rows. Each
 * rollup row is added to once per batch (the batch is grouped first). The events and conversations
 * keep no foreign key to their project (checking one per stored row cost about an eighth of the
 * statement): it locks the batch's projects once each, as a key would lock them for every row,
 * stores nothing of a project deleted meanwhile and answers its id; a deletion waits for a batch in
 * progress and then removes its rows too (migration 0010). The statement is sent straight to the
 * driver: it is the one statement of the busiest path, and its text never changes.
 */
const columns = EVENT_RECORD_COLUMNS.join(', ');
const counted = (condition: string) => `count(*) FILTER (WHERE ${condition})::int`;
/** A conversation's counters, each the number of its events of one kind. */
const kinds = {
  request_count: "data_type = 'request'",
  response_count: "data_type = 'response'",
  error_count: "data_type = 'error'",
  oos_count: "response_type = 'oos'",
  content_count: "response_type = 'content'",
  scenario_count: "response_type = 'scenario'",
  handoff_count: "response_type = 'handoff'",
} as const;
const kindNames = Object.keys(kinds) as (keyof typeof kinds)[];
/** The conversation_counts column of each counter: conversations holding at least one such event. */
const holding = {
  request_count: 'with_requests',
  response_count: 'with_responses',
  error_count: 'with_errors',
  oos_count: 'with_oos',
  content_count: 'with_content',
  scenario_count: 'with_scenario',
  handoff_count: 'with_handoff',
} as const;
// A counter equal to the batch's own share became non-zero in this batch: the conversation just came to hold that kind.
const becameHolding = (name: keyof typeof kinds) => `count(*) FILTER (WHERE c.${name} > 0 AND c.${name} = b.${name})::int`;

// ROWS FROM names the lines' column after their function; the records' own (empty) data column goes unread.
const INSERT_BATCH = `WITH held_projects AS MATERIALIZED (SELECT id FROM projects WHERE id = ANY($3::uuid[]) FOR KEY SHARE),
batch AS MATERIALIZED (
  SELECT ${columns}, b.string_to_table::json AS data
  FROM ROWS FROM (json_populate_recordset(NULL::events, $1::json), string_to_table($2, E'\\n')) AS b
  WHERE b.project_id IN (SELECT id FROM held_projects)
),
stored AS (INSERT INTO events (${columns}, data) SELECT ${columns}, data FROM batch),
hours AS (
  INSERT INTO event_counts AS c (project_id, deployment_id, hour, data_type, response_type, integration_type, input_method, count)
  SELECT project_id, deployment_id, date_trunc('hour', issued_at, 'UTC'), data_type, response_type, integration_type, input_method, count(*)
  FROM batch GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT event_counts_key DO UPDATE SET count = c.count + excluded.count
),
per_conversation AS MATERIALIZED (
  SELECT conv_id, project_id, (array_agg(deployment_id))[1] AS deployment_id, (array_agg(integration_type))[1] AS integration_type,
    (array_agg(visitor_id))[1] AS visitor_id, min(issued_at) AS issued_at, max(issued_at) AS last_issued_at,
    (array_agg(utterance ORDER BY issued_at) FILTER (WHERE data_type = 'request'))[1] AS first_utterance, count(*)::int AS event_count,
    ${kindNames.map((name) => `${counted(kinds[name])} AS ${name}`).join(', ')}
  FROM batch GROUP BY conv_id, project_id
),
stored_conversations AS (
  INSERT INTO conversations AS v (conv_id, project_id, deployment_id, integration_type, visitor_id, issued_at, last_issued_at, first_utterance,
    event_count, ${kindNames.join(', ')})
  SELECT conv_id, project_id, deployment_id, integration_type, visitor_id, issued_at, last_issued_at, first_utterance, event_count, ${kindNames.join(', ')}
  FROM per_conversation
  ON CONFLICT (conv_id) DO UPDATE SET
    first_utterance = CASE WHEN excluded.issued_at < v.issued_at THEN coalesce(excluded.first_utterance, v.first_utterance) ELSE coalesce(v.first_utterance, excluded.first_utterance) END,
    issued_at = least(v.issued_at, excluded.issued_at),
    last_issued_at = greatest(v.last_issued_at, excluded.last_issued_at),
    event_count = v.event_count + excluded.event_count,
    ${kindNames.map((name) => `${name} = v.${name} + excluded.${name}`).join(',\n    ')}
  WHERE v.project_id = excluded.project_id
  RETURNING v.conv_id, v.project_id, v.deployment_id, v.issued_at, v.event_count, ${kindNames.map((name) => `v.${name}`).join(', ')}
),
seen_visitors AS (
  INSERT INTO visitors (project_id, deployment_id, visitor_id)
  SELECT DISTINCT project_id, deployment_id, coalesce(visitor_id, conv_id::text) FROM per_conversation
  ON CONFLICT ON CONSTRAINT visitors_key DO NOTHING
),
counted_conversations AS (
  INSERT INTO conversation_counts AS n (project_id, deployment_id, hour, conversations, ${kindNames.map((name) => holding[name]).join(', ')})
  SELECT c.project_id, c.deployment_id, date_trunc('hour', c.issued_at, 'UTC'), count(*) FILTER (WHERE c.event_count = b.event_count)::int,
    ${kindNames.map(becameHolding).join(', ')}
  FROM stored_conversations c JOIN per_conversation b ON b.conv_id = c.conv_id
  GROUP BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT conversation_counts_key DO UPDATE SET
    conversations = n.conversations + excluded.conversations,
    ${kindNames.map((name) => `${holding[name]} = n.${holding[name]} + excluded.${holding[name]}`).join(',\n    ')}
),
contexts AS MATERIALIZED (
  SELECT DISTINCT ON (x.conv_id) x.conv_id, x.project_id, x.turn, x.state, x.expires_at
  FROM json_to_recordset($4::json) AS x (conv_id uuid, project_id uuid, turn int, state jsonb, expires_at timestamptz)
  WHERE x.project_id IN (SELECT id FROM held_projects)
  ORDER BY x.conv_id, x.turn DESC
),
kept_contexts AS (
  INSERT INTO conversation_contexts AS k (conv_id, project_id, turn, state, expires_at)
  SELECT conv_id, project_id, turn, state, expires_at FROM contexts WHERE state IS NOT NULL
  ON CONFLICT (conv_id) DO UPDATE SET turn = excluded.turn, state = excluded.state, expires_at = excluded.expires_at
),
dropped_contexts AS (
  DELETE FROM conversation_contexts k USING contexts x WHERE x.state IS NULL AND k.conv_id = x.conv_id
)
SELECT id::text FROM unnest($3::uuid[]) AS asked (id) WHERE id NOT IN (SELECT id FROM held_projects)`;

const insertStatement: DriverStatement = { name: 'insert-event-batch', text: INSERT_BATCH };

/**
 * A conversation's state as typed, kept apart or let go with its turn's events (conversations.ts):
 * `state` is its JSON, or null to remove the one kept.
 */
export interface ContextChange {
  convId: string;
  projectId: string;
  turn: number;
  state: string | null;
  expiresAt: Date;
}

/** Stores a batch; answers the projects it refused because they no longer exist. */
async function insertBatch(db: Db, records: RenderedEvent[], contexts: ContextChange[]): Promise<Set<string>> {
  const projectIds = new Set(records.map((record) => record.projectId));
  const refused = await driverRows(db, insertStatement, [
    `[${records.map((record) => record.fields).join(',')}]`,
    records.map((record) => record.data).join('\n'),
    `{${[...projectIds].join(',')}}`,
    contexts.length
      ? `[${contexts.map((change) => `{"conv_id":"${change.convId}","project_id":"${change.projectId}","turn":${change.turn},"state":${change.state ?? 'null'},"expires_at":"${change.expiresAt.toISOString()}"}`).join(',')}]`
      : '[]',
  ]);
  return new Set(refused.map(([projectId]) => projectId!));
}

/** A question's events were not stored: its project was deleted while it was answered. */
export class ProjectRemovedError extends Error {
  constructor() {
    super("the question's project was deleted before its events were stored");
  }
}

interface Waiting {
  /** One query's events, rendered by `renderedEventRecord`. */
  rows: RenderedEvent[];
  /** Its conversation's state as typed to keep or let go, when that changes. */
  context: ContextChange | null;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const contextsOf = (batch: Waiting[]): ContextChange[] => batch.flatMap((waiting) => (waiting.context ? [waiting.context] : []));

function settle(waiting: Waiting, refusedProjects: Set<string>): void {
  if (waiting.rows.some((row) => refusedProjects.has(row.projectId))) waiting.reject(new ProjectRemovedError());
  else waiting.resolve();
}

/**
 * Group commit of the events table: the one writer of events in a process. Concurrent queries hand
 * it their events and wait; it writes whatever has gathered with one multi-row INSERT (one
 * statement, so one commit), then resolves every waiting query, and while a batch is being written
 * the next one gathers. A query replies only after its batch is stored, so nothing acknowledged is
 * lost; closing writes what still waits.
 */
export class EventWriter {
  private readonly waiting: Waiting[] = [];
  private waitingEvents = 0;
  private scheduled: NodeJS.Immediate | null = null;
  private writing: Promise<void> | null = null;
  private closing = false;
  private sinceStatistics = 0;

  constructor(
    private readonly db: Db,
    private readonly batching: EventBatching = DEFAULT_EVENT_BATCHING,
  ) {}

  /**
   * Stores one query's events (its request, then its response or error), and the change of its
   * conversation's state kept apart if any, in the same statement; resolves once they are committed.
   */
  write(rows: RenderedEvent[], context: ContextChange | null = null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, context, resolve, reject });
      this.waitingEvents += rows.length;
      this.schedule();
    });
  }

  /** Writes everything waiting, then refuses to wait any more: each later write goes out at once. */
  async close(): Promise<void> {
    this.closing = true;
    while (this.writing || this.waiting.length) {
      this.startBatch();
      await this.writing;
    }
  }

  private schedule(): void {
    // A batch being written starts the next one when it ends.
    if (this.writing) return;
    if (this.closing || this.waitingEvents >= this.batching.maxEvents) this.startBatch();
    // Otherwise at the end of this turn of the event loop: every query answered in it joins the batch,
    // and no one waits on a timer while the server has nothing else to do.
    else this.scheduled ??= setImmediate(() => this.startBatch());
  }

  private startBatch(): void {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
    }
    if (this.writing || !this.waiting.length) return;
    const batch: Waiting[] = [];
    let size = 0;
    // Whole queries only, up to the batch size (a single query may exceed it alone).
    while (this.waiting.length && (size === 0 || size + this.waiting[0]!.rows.length <= this.batching.maxEvents)) {
      const next = this.waiting.shift()!;
      batch.push(next);
      size += next.rows.length;
    }
    this.waitingEvents -= size;
    this.writing = this.insert(batch).finally(() => {
      this.writing = null;
      // Those who gathered meanwhile have already waited a whole write: they go next, at once.
      if (this.waiting.length) this.startBatch();
    });
  }

  /** Runs between batches, after the stored ones were answered; a failure only delays the next refresh. */
  private async keepStatistics(written: number): Promise<void> {
    const every = this.batching.refreshStatisticsEvery;
    if (!every) return;
    this.sinceStatistics += written;
    if (this.sinceStatistics < every) return;
    this.sinceStatistics = 0;
    await refreshEventStatistics(this.db).catch(() => undefined);
  }

  private async insert(batch: Waiting[]): Promise<void> {
    try {
      const rows = batch.flatMap((waiting) => waiting.rows);
      const refused = await insertBatch(this.db, rows, contextsOf(batch));
      for (const waiting of batch) settle(waiting, refused);
      await this.keepStatistics(rows.length);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One query's bad rows must not fail the others': each alone.
      for (const waiting of batch) {
        try {
          settle(waiting, await insertBatch(this.db, waiting.rows, contextsOf([waiting])));
        } catch (single) {
          waiting.reject(single);
        }
      }
    }
  }
}
