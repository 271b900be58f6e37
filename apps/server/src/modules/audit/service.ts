import { pipeline, Readable } from 'node:stream';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  AUDIT_EXPORT_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_RETENTION_DAYS,
  auditEntryList,
  type AuditEntry,
  type ListQuery,
  type ListResponse,
} from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auditEntries, type AuditEntryRow } from '../../db/schema/index';
import { inertCell } from '../../platform/download';
import { listOrder, listPage, listWhere, type ListColumns } from '../../platform/listing';
import type { RecurringJobs } from '../job/runner';

/** Which entries a reader sees: one workspace's (its admins), or all of them (super users). */
export type AuditScope = { workspaceId: string } | 'all';

const columns: ListColumns<typeof auditEntryList> = {
  created_at: auditEntries.createdAt,
  action: auditEntries.action,
  actor_label: auditEntries.actorLabel,
  address: auditEntries.address,
  resource_type: auditEntries.resourceType,
  resource_label: auditEntries.resourceLabel,
};

function scopeWhere(scope: AuditScope): SQL | undefined {
  return scope === 'all' ? undefined : eq(auditEntries.workspaceId, scope.workspaceId);
}

function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    actor_type: row.actorType,
    actor_id: row.actorId,
    actor_label: row.actorLabel,
    address: row.address,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    resource_label: row.resourceLabel,
    details: row.details,
  };
}

export async function listAuditEntries(ctx: AppContext, scope: AuditScope, query: ListQuery): Promise<ListResponse<AuditEntry>> {
  const page = await listPage(auditEntryList, query, columns, {
    rows: ctx.db.select().from(auditEntries).$dynamic(),
    count: ctx.db.select({ total: count() }).from(auditEntries).$dynamic(),
    where: scopeWhere(scope),
    id: auditEntries.id,
  });
  return { records: page.records.map(toAuditEntry), total: page.total };
}

/** Rows read per query of an export. */
const EXPORT_BATCH = 1000;

/**
 * The entries the list's filters and sort select, as CSV (at most AUDIT_EXPORT_MAX_ROWS), read a page
 * at a time and streamed out. Details are one JSON cell; a cell a spreadsheet would run as a formula
 * is made inert, since labels and addresses come from people outside the team.
 */
export function exportAuditEntries(ctx: AppContext, scope: AuditScope, query: ListQuery): Readable {
  const where = listWhere(columns, query, scopeWhere(scope));
  const order = listOrder(auditEntryList, columns, query, auditEntries.id);
  async function* rows() {
    for (let offset = 0; offset < AUDIT_EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
      const batch = await ctx.db
        .select()
        .from(auditEntries)
        .where(where)
        .orderBy(...order)
        .limit(Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - offset))
        .offset(offset);
      for (const row of batch) {
        const entry = toAuditEntry(row);
        yield AUDIT_EXPORT_COLUMNS.map((column) => {
          const value = column === 'details' ? JSON.stringify(entry.details) : (entry[column] ?? '');
          return inertCell(value);
        });
      }
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  const csv = stringify({ header: true, columns: [...AUDIT_EXPORT_COLUMNS], bom: true, record_delimiter: 'windows' });
  return pipeline(Readable.from(rows()), csv, () => {});
}

/** Entries deleted per statement by the audit log's own retention. */
const PRUNE_BATCH = 5000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The audit log's retention: each hour every process deletes the entries older than
 * AUDIT_RETENTION_DAYS, a bounded batch per statement. Rows another process is deleting are
 * skipped, so processes asking at once share the work; what one leaves the next hour takes.
 */
export async function pruneAuditEntries(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const result = (await db.execute(sql`
      DELETE FROM audit_entries WHERE id IN (
        SELECT id FROM audit_entries WHERE created_at < ${cutoff}::timestamptz LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED
      ) RETURNING 1`)) as { rows: unknown[] };
    deleted += result.rows.length;
    if (result.rows.length < PRUNE_BATCH) return deleted;
  }
}

export const auditRetentionSchedule = (db: Db): RecurringJobs => ({
  name: 'audit-retention',
  everyMs: HOUR_MS,
  queue: async (now) => {
    await pruneAuditEntries(db, now);
  },
});
