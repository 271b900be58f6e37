import { lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { projects } from '../../db/schema/index';

/**
 * How long an import may keep its project marked before the project counts as left by a stopped
 * process. The largest archive takes seconds to write even on the embedded database; an hour leaves
 * room for a database under any load and still removes a leftover the same day.
 */
export const IMPORT_ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes the projects (with all they hold, by cascade) that an import marked and never finished:
 * its process stopped mid-way. Marked for longer than IMPORT_ABANDONED_AFTER_MS, since other
 * imports, of this process or of another on the same PostgreSQL, may be writing now. Runs before
 * every import.
 */
export async function removeAbandonedImports(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  return removeImportsMarkedFor(ctx, IMPORT_ABANDONED_AFTER_MS);
}

/**
 * At start-up. Only one process can open the embedded database, so every project it finds marked
 * was left by a process that stopped: all go at once. On PostgreSQL other live processes may be
 * importing: only the old marks go, as before every import.
 */
export async function removeImportsLeftAtStartUp(ctx: Pick<AppContext, 'db' | 'now'>, kind: Database['kind']): Promise<number> {
  return kind === 'pglite' ? removeImportsMarkedFor(ctx, 0) : removeAbandonedImports(ctx);
}

async function removeImportsMarkedFor(ctx: Pick<AppContext, 'db' | 'now'>, markedForMs: number): Promise<number> {
  const markedBefore = new Date(ctx.now().getTime() - markedForMs);
  const removed = await ctx.db.delete(projects).where(lte(projects.importingSince, markedBefore)).returning({ id: projects.id });
  return removed.length;
}
