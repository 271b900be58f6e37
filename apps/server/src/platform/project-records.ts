import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse, ListSpec } from '@console/contracts';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { ProjectRow } from '../db/schema/index';
import { storedOwner, type Locate, type ProjectAccess } from './access';
import { AppError, refusingDuplicates } from './errors';
import { listPage, type ListColumns } from './listing';

/**
 * Project records: rows that belong to one project (intents, slots; later channels, scenarios,
 * sequences, deployments), listed in their project and created, read, updated and deleted with the
 * project's rights: read by any reader, create and update by those who may
 * create or update in the project, delete by those who may delete there. The routes declare those
 * rights and hand over the project they checked; the project is always the one stored on the
 * record, never one sent by the client.
 */

/** What every stored project record holds, whatever its table. */
interface StoredRecord {
  id: string;
  projectId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A not-null column holding `Data`. */
type ColumnOf<Data> = PgColumn & { _: { data: Data; notNull: true } };

/** The columns every project record table has (db/schema: `id`, `projectId` and the timestamps). */
export type ProjectRecordTable = PgTable & { [K in keyof StoredRecord]: ColumnOf<StoredRecord[K]> };

type ProjectRecordRow<T extends ProjectRecordTable> = T['$inferSelect'] & StoredRecord;

/** The columns a record's own input sets; the project and the timestamps are set here. */
type ProjectRecordValues<T extends ProjectRecordTable> = Omit<T['$inferInsert'], keyof StoredRecord>;

/** How one kind of project record is stored and answered; `Changes` is an update's input when it differs from a create's. */
type ProjectRecordKind<T extends ProjectRecordTable, Spec extends ListSpec, Rec, Input, Changes = Input> = {
  /** Sort and filter fields of the list -> columns of the table. */
  columns: ListColumns<Spec>;
  toRecord: (row: T['$inferSelect']) => Rec;
  toValues: (input: Input) => ProjectRecordValues<T>;
  /**
   * Refuses (400) a write that names records which are not the project's own (ids from the client
   * are never trusted). It runs in the write's transaction, before it, and may lock what it found.
   */
  checkReferences?: (tx: Db, project: ProjectRow, input: Input | Changes) => Promise<void>;
  /** What else a delete changes in the project (references to the record), in the delete's transaction, after it. */
  afterDelete?: (tx: Db, project: ProjectRow, id: string, now: Date) => Promise<void>;
  /** The 409 detail when a unique index refuses a write (a taken name); none for a kind without one. */
  conflict?: string;
} & ([Changes] extends [Input]
  ? {
      /** The columns an update sets; without it an update writes what a create would. */
      toChanges?: (changes: Changes) => Partial<ProjectRecordValues<T>>;
    }
  : { toChanges: (changes: Changes) => Partial<ProjectRecordValues<T>> });

/** What each kind of project record offers its routes (and other services). */
export interface ProjectRecordOperations<Spec extends ListSpec, Rec, Input, Changes = Input> {
  /** The list's contract (sortable and filterable fields), for the route's querystring. */
  listSpec: Spec;
  /** The project stored on the record the path's :id names, for the routes' access declarations. */
  ofRecord: Locate;
  list(ctx: AppContext, checked: ProjectAccess, query: ListQuery): Promise<ListResponse<Rec>>;
  create(ctx: AppContext, checked: ProjectAccess, input: Input): Promise<Rec>;
  read(ctx: AppContext, checked: ProjectAccess, id: string): Promise<Rec>;
  update(ctx: AppContext, checked: ProjectAccess, id: string, changes: Changes): Promise<Rec>;
  delete(ctx: AppContext, checked: ProjectAccess, id: string): Promise<void>;
}

/** The operations and, for other services of the kind, the loading of one record of the checked project. */
interface ProjectRecordService<T extends ProjectRecordTable, Spec extends ListSpec, Rec, Input, Changes = Input>
  extends ProjectRecordOperations<Spec, Rec, Input, Changes> {
  /** The record `id` of the checked project (a route declared with `ofRecord`); 404 once deleted. */
  load(ctx: AppContext, checked: ProjectAccess, id: string): Promise<ProjectRecordRow<T>>;
}

/** The fields every project record answers with. */
export function projectRecordFields(row: StoredRecord) {
  return {
    id: row.id,
    project_id: row.projectId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Whether every id of `ids` names a record of `table` in the project. The records found stay locked
 * (FOR SHARE) until the caller's transaction ends, so a delete of one waits for the write that names
 * it and then sees that write (and can remove the reference), never the other way round.
 */
export async function allOfProject(tx: Db, table: ProjectRecordTable, project: ProjectRow, ids: ReadonlySet<string>): Promise<boolean> {
  if (!ids.size) return true;
  const anyTable: PgTable = table;
  const found = await tx
    .select({ id: table.id })
    .from(anyTable)
    .where(and(eq(table.projectId, project.id), inArray(table.id, [...ids])))
    .for('share');
  return found.length === ids.size;
}

/** The record `id` of `table` in the checked project (a route declared with the table's `storedOwner`); 404 once deleted. */
export async function projectRecordOf<T extends ProjectRecordTable>(
  ctx: AppContext,
  table: T,
  { project }: ProjectAccess,
  id: string,
): Promise<ProjectRecordRow<T>> {
  // Seen as any PgTable, as in projectRecords below.
  const anyTable: PgTable = table;
  const [row] = await ctx.db
    .select()
    .from(anyTable)
    .where(and(eq(table.id, id), eq(table.projectId, project.id)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row as ProjectRecordRow<T>;
}

/** The service operations of one kind of project record, in `table`, listed by `list`. */
export function projectRecords<T extends ProjectRecordTable, Spec extends ListSpec, Rec, Input, Changes = Input>(
  table: T,
  list: Spec,
  kind: ProjectRecordKind<T, Spec, Rec, Input, Changes>,
): ProjectRecordService<T, Spec, Rec, Input, Changes> {
  // Drizzle types a query from its table's columns, which it cannot resolve while the table is a
  // type parameter. So queries run on the table seen as any PgTable (a safe widening; what they
  // write is typed by `toValues` against T), and their rows, which are exactly `T['$inferSelect']`
  // with the StoredRecord columns ProjectRecordTable guarantees, get that type back in `asRows`.
  const anyTable: PgTable = table;
  const asRows = (rows: unknown) => rows as ProjectRecordRow<T>[];

  /** Uniqueness is the unique index's (so two writers cannot both win); its refusal is a 409. */
  const unique = <W>(write: () => Promise<W>) => (kind.conflict ? refusingDuplicates(write, AppError.conflict(kind.conflict)) : write());
  // Without toChanges, Changes is Input (ProjectRecordKind requires toChanges otherwise).
  const toChanges = (changes: Changes) => (kind.toChanges ? kind.toChanges(changes) : kind.toValues(changes as unknown as Input));

  /** A write, after the check of the records it names, in one transaction (none to check: the write alone). */
  const checkedWrite = <W>(ctx: AppContext, project: ProjectRow, input: Input | Changes, write: (db: Db) => Promise<W>): Promise<W> => {
    const { checkReferences } = kind;
    if (!checkReferences) return write(ctx.db);
    return ctx.db.transaction(async (tx) => {
      await checkReferences(tx, project, input);
      return write(tx);
    });
  };

  /** The record `id` if it belongs to the checked project. */
  const ofProject = ({ project }: ProjectAccess, id: string) => and(eq(table.id, id), eq(table.projectId, project.id));

  return {
    listSpec: list,
    ofRecord: storedOwner(table.id, table.projectId),
    load: (ctx, checked, id) => projectRecordOf(ctx, table, checked, id),

    async list(ctx: AppContext, { project }: ProjectAccess, query: ListQuery): Promise<ListResponse<Rec>> {
      const page = await listPage(list, query, kind.columns, {
        rows: ctx.db.select().from(anyTable).$dynamic(),
        count: ctx.db.select({ total: count() }).from(anyTable).$dynamic(),
        where: eq(table.projectId, project.id),
        id: table.id,
      });
      return { records: asRows(page.records).map(kind.toRecord), total: page.total };
    },

    async create(ctx: AppContext, { project }: ProjectAccess, input: Input): Promise<Rec> {
      const now = ctx.now();
      const values = { ...kind.toValues(input), projectId: project.id, createdAt: now, updatedAt: now };
      const [row] = asRows(await unique(() => checkedWrite(ctx, project, input, (db) => db.insert(anyTable).values(values).returning())));
      return kind.toRecord(row!);
    },

    async read(ctx: AppContext, checked: ProjectAccess, id: string): Promise<Rec> {
      return kind.toRecord(await projectRecordOf(ctx, table, checked, id));
    },

    async update(ctx: AppContext, checked: ProjectAccess, id: string, changes: Changes): Promise<Rec> {
      const values = { ...toChanges(changes), updatedAt: ctx.now() };
      const write = (db: Db) => db.update(anyTable).set(values).where(ofProject(checked, id)).returning();
      const [updated] = asRows(await unique(() => checkedWrite(ctx, checked.project, changes, write)));
      // Deleted since the access check.
      if (!updated) throw AppError.notFound();
      return kind.toRecord(updated);
    },

    async delete(ctx: AppContext, checked: ProjectAccess, id: string): Promise<void> {
      const { afterDelete } = kind;
      if (!afterDelete) {
        await ctx.db.delete(anyTable).where(ofProject(checked, id));
        return;
      }
      await ctx.db.transaction(async (tx) => {
        // The id as stored (the path's may differ in case), for the references that hold it.
        const [deleted] = await tx.delete(anyTable).where(ofProject(checked, id)).returning({ id: table.id });
        if (deleted) await afterDelete(tx, checked.project, deleted.id, ctx.now());
      });
    },
  };
}
