import { and, count, desc, eq } from 'drizzle-orm';
import {
  defaultSourceConfig,
  kbSourceTypes,
  pmToKb,
  sourceConfigSchema,
  sourceConversions,
  sourceDowngrades,
  sourceList,
  sourceMessages,
  type convertSourceBody,
  type createSourceBody,
  type KbDocument,
  type ListQuery,
  type ListResponse,
  type RichEditorConfig,
  type Source,
  type SourceSummary,
  type updateSourceBody,
  type updateSourceConfigBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { sourcePulls, sources, type SourceRow } from '../../db/schema/index';
import { storedOwner, type ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { projectRecordOf } from '../../platform/project-records';
import { toSourcePull } from './pull/record';

/** A source's project, for the access declarations of routes under /source/{id}. */
export const ofSource = storedOwner(sources.id, sources.projectId);

function toSourceSummary(row: SourceRow): SourceSummary {
  return {
    id: row.id,
    project_id: row.projectId,
    display_name: row.displayName,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function toSource(ctx: AppContext, row: SourceRow): Promise<Source> {
  const [lastPull] = await ctx.db
    .select()
    .from(sourcePulls)
    .where(eq(sourcePulls.sourceId, row.id))
    .orderBy(desc(sourcePulls.startedAt), desc(sourcePulls.id))
    .limit(1);
  return { ...toSourceSummary(row), config: row.config, kb: row.kb ?? null, last_pull: lastPull ? toSourcePull(lastPull) : null };
}

/** The source `id` of the checked project (a route declared with `ofSource`); 404 once deleted. */
export function sourceOf(ctx: AppContext, checked: ProjectAccess, id: string): Promise<SourceRow> {
  return projectRecordOf(ctx, sources, checked, id);
}

export async function listSources(ctx: AppContext, { project }: ProjectAccess, query: ListQuery): Promise<ListResponse<SourceSummary>> {
  const page = await listPage(
    sourceList,
    query,
    { display_name: sources.displayName, type: sources.type, updated_at: sources.updatedAt, created_at: sources.createdAt },
    {
      rows: ctx.db.select().from(sources).$dynamic(),
      count: ctx.db.select({ total: count() }).from(sources).$dynamic(),
      where: eq(sources.projectId, project.id),
      id: sources.id,
    },
  );
  return { records: page.records.map(toSourceSummary), total: page.total };
}

const EMPTY_KB: KbDocument = { children: [] };

export async function createSource(
  ctx: AppContext,
  { project }: ProjectAccess,
  input: z.output<typeof createSourceBody>,
): Promise<Source> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(sources)
    .values({
      projectId: project.id,
      displayName: input.display_name,
      type: input.type,
      config: defaultSourceConfig(input.type),
      kb: kbSourceTypes.includes(input.type) ? EMPTY_KB : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no source');
  return toSource(ctx, row);
}

export async function readSource(ctx: AppContext, checked: ProjectAccess, id: string): Promise<Source> {
  return toSource(ctx, await sourceOf(ctx, checked, id));
}

async function writeSource(ctx: AppContext, source: SourceRow, values: Partial<typeof sources.$inferInsert>): Promise<Source> {
  const [row] = await ctx.db
    .update(sources)
    .set({ ...values, updatedAt: ctx.now() })
    .where(eq(sources.id, source.id))
    .returning();
  // Deleted since it was read.
  if (!row) throw AppError.notFound();
  return toSource(ctx, row);
}

export async function renameSource(ctx: AppContext, checked: ProjectAccess, id: string, input: z.output<typeof updateSourceBody>): Promise<Source> {
  return writeSource(ctx, await sourceOf(ctx, checked, id), { displayName: input.display_name });
}

/** The content items it made stay, unlinked (the foreign key sets their source to null). */
export async function deleteSource(ctx: AppContext, { project }: ProjectAccess, id: string): Promise<void> {
  await ctx.db.delete(sources).where(and(eq(sources.id, id), eq(sources.projectId, project.id)));
}

/**
 * The configuration is checked against the source type's schema and stored in its parsed
 * (canonical) form; a rich_editor document also gives the source its KB tree.
 */
export async function updateSourceConfig(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof updateSourceConfigBody>,
): Promise<Source> {
  const source = await sourceOf(ctx, checked, id);
  const schema = sourceConfigSchema(source.type);
  if (!schema) throw AppError.badRequest(sourceMessages.notImplemented);
  const parsed = schema.safeParse(input.config);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Config is not valid');
  // Through JSON: the parsed form may carry undefined fields that jsonb would drop anyway.
  const config = JSON.parse(JSON.stringify(parsed.data)) as Record<string, unknown>;
  if (source.type === 'rich_editor') {
    return writeSource(ctx, source, { config, kb: pmToKb((config as RichEditorConfig).document) });
  }
  return writeSource(ctx, source, { config });
}

/** Only the pairs of `sourceConversions` and `sourceDowngrades`; configuration and KB are kept. */
export async function convertSource(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof convertSourceBody>,
): Promise<Source> {
  const source = await sourceOf(ctx, checked, id);
  if (sourceConversions[source.type] !== input.type && sourceDowngrades[source.type] !== input.type) {
    throw AppError.badRequest(sourceMessages.cannotConvert(source.type, input.type));
  }
  return writeSource(ctx, source, { type: input.type });
}

/** The pull of a source, 404 when it belongs to another source. */
export async function readSourcePull(ctx: AppContext, checked: ProjectAccess, id: string, pullId: string) {
  await sourceOf(ctx, checked, id);
  const [pull] = await ctx.db
    .select()
    .from(sourcePulls)
    .where(and(eq(sourcePulls.id, pullId), eq(sourcePulls.sourceId, id)))
    .limit(1);
  if (!pull) throw AppError.notFound();
  return toSourcePull(pull);
}
