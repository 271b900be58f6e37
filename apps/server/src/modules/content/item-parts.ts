import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse, ListSpec } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema/index';
import { pathIdOf, type Locate, type ProjectAccess } from '../../platform/access';
import { AppError, refusingDuplicates } from '../../platform/errors';
import { listPage, type ListColumns } from '../../platform/listing';
import { touchContent } from './service';

/**
 * The parts of a content item stored in rows of their own (its utterances and its actions). They
 * are edit rows of the item: adding, changing and removing one is an update of the item
 * (canUpdateSubProject) and moves its updated_at in the same transaction, so a list of items
 * ordered by change shows the item whose part changed.
 */

/** What every stored part holds, whatever its table. */
interface StoredPart {
  id: string;
  contentId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A not-null column holding `Data`. */
type ColumnOf<Data> = PgColumn & { _: { data: Data; notNull: true } };

/** The columns every part table has (db/schema: `id`, `contentId` and the timestamps). */
type ItemPartTable = PgTable & { [K in keyof StoredPart]: ColumnOf<StoredPart[K]> };

/** How one kind of part is stored and answered. */
interface ItemPartKind<T extends ItemPartTable, Spec extends ListSpec, Rec, Input> {
  /** Sort and filter fields of the list -> columns of the table. */
  columns: ListColumns<Spec>;
  toRecord: (row: T['$inferSelect']) => Rec;
  /** The columns a create or an update sets; the item and the timestamps are set here. */
  toValues: (input: Input) => Omit<T['$inferInsert'], keyof StoredPart>;
  /** The 409 detail when a unique index refuses a write; none for a kind without one. */
  conflict?: string;
}

/** What each kind of part offers its routes. */
export interface ItemPartOperations<Spec extends ListSpec, Rec, Input> {
  /** The list's contract (sortable and filterable fields), for the route's querystring. */
  listSpec: Spec;
  /** The project stored on the item of the part the path's :id names, for the routes' access declarations. */
  ofRecord: Locate;
  /** The parts of item `contentId`, whose project the route checked (declared with `ofContent`). */
  list(ctx: AppContext, contentId: string, query: ListQuery): Promise<ListResponse<Rec>>;
  create(ctx: AppContext, contentId: string, input: Input): Promise<Rec>;
  update(ctx: AppContext, checked: ProjectAccess, id: string, input: Input): Promise<Rec>;
  delete(ctx: AppContext, checked: ProjectAccess, id: string): Promise<void>;
}

/** The fields every part answers with. */
export function itemPartFields(row: StoredPart) {
  return {
    id: row.id,
    content_id: row.contentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The operations of one kind of content item part, in `table`, listed by `list`. */
export function itemParts<T extends ItemPartTable, Spec extends ListSpec, Rec, Input>(
  table: T,
  list: Spec,
  kind: ItemPartKind<T, Spec, Rec, Input>,
): ItemPartOperations<Spec, Rec, Input> {
  // As in platform/project-records.ts: Drizzle cannot resolve the columns of a table that is a type
  // parameter, so queries run on it seen as any PgTable (what they write is typed by `toValues`
  // against T) and their rows get their type back in `asRows`.
  const anyTable: PgTable = table;
  const asRows = (rows: unknown) => rows as (T['$inferSelect'] & StoredPart)[];

  /** Uniqueness is the unique index's (so two writers cannot both win); its refusal is a 409. */
  const unique = <W>(write: () => Promise<W>) => (kind.conflict ? refusingDuplicates(write, AppError.conflict(kind.conflict)) : write());

  /** The item of part `id`, an item of the checked project (a route declared with `ofRecord`); 404 once deleted. */
  async function itemOf(ctx: AppContext, { project }: ProjectAccess, id: string): Promise<string> {
    const [found] = await ctx.db
      .select({ contentId: table.contentId })
      .from(anyTable)
      .innerJoin(contents, eq(contents.id, table.contentId))
      .where(and(eq(table.id, id), eq(contents.projectId, project.id)))
      .limit(1);
    if (!found) throw AppError.notFound();
    return found.contentId;
  }

  /** A write of the part and the touch of its item, in one transaction. */
  const withTouch = <W>(ctx: AppContext, contentId: string, now: Date, write: (tx: Db) => Promise<W>): Promise<W> =>
    ctx.db.transaction(async (tx) => {
      const written = await write(tx);
      await touchContent(tx, contentId, now);
      return written;
    });

  return {
    listSpec: list,

    ofRecord: async (ctx, request) => {
      const [found] = await ctx.db
        .select({ projectId: contents.projectId })
        .from(anyTable)
        .innerJoin(contents, eq(contents.id, table.contentId))
        .where(eq(table.id, pathIdOf(request)))
        .limit(1);
      return found?.projectId ?? null;
    },

    async list(ctx, contentId, query) {
      const page = await listPage(list, query, kind.columns, {
        rows: ctx.db.select().from(anyTable).$dynamic(),
        count: ctx.db.select({ total: count() }).from(anyTable).$dynamic(),
        where: eq(table.contentId, contentId),
        id: table.id,
      });
      return { records: asRows(page.records).map(kind.toRecord), total: page.total };
    },

    async create(ctx, contentId, input) {
      const now = ctx.now();
      const values = { ...kind.toValues(input), contentId, createdAt: now, updatedAt: now };
      const [row] = asRows(await unique(() => withTouch(ctx, contentId, now, (tx) => tx.insert(anyTable).values(values).returning())));
      if (!row) throw new Error('insert returned no row');
      return kind.toRecord(row);
    },

    async update(ctx, checked, id, input) {
      const contentId = await itemOf(ctx, checked, id);
      const now = ctx.now();
      const values = { ...kind.toValues(input), updatedAt: now };
      const [row] = asRows(
        await unique(() =>
          ctx.db.transaction(async (tx) => {
            const updated = await tx.update(anyTable).set(values).where(eq(table.id, id)).returning();
            // Deleted since it was found: nothing to touch.
            if (updated.length) await touchContent(tx, contentId, now);
            return updated;
          }),
        ),
      );
      if (!row) throw AppError.notFound();
      return kind.toRecord(row);
    },

    async delete(ctx, checked, id) {
      const contentId = await itemOf(ctx, checked, id);
      await withTouch(ctx, contentId, ctx.now(), (tx) => tx.delete(anyTable).where(eq(table.id, id)));
    },
  };
}
