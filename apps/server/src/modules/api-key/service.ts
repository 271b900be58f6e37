import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_PREFIX,
  API_KEY_RANDOM_BYTES,
  apiKeyList,
  type ApiKey,
  type CreatedApiKey,
  type createApiKeyBody,
  type ListQuery,
  type ListResponse,
  type updateApiKeyBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { apiKeys, deployments, projectIsComplete, projects, type ApiKeyRow, type UserRow } from '../../db/schema/index';
import type { WorkspaceAccess } from '../../platform/access';
import { changedFields, recordAudit } from '../audit/record';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { sha256 } from '../../platform/secrets';

export const apiKeyMessages = {
  foreignResource: 'Resource ID must be a deployment of this workspace.',
} as const;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    display_name: row.displayName,
    description: row.description,
    status: row.status,
    hint: row.hint,
    scopes: row.scopes,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `ack_` + 256 random bits, base64url. */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`;
}

export async function listApiKeys(ctx: AppContext, { workspace }: WorkspaceAccess, query: ListQuery): Promise<ListResponse<ApiKey>> {
  const page = await listPage(
    apiKeyList,
    query,
    {
      display_name: apiKeys.displayName,
      description: apiKeys.description,
      status: apiKeys.status,
      expires_at: apiKeys.expiresAt,
      updated_at: apiKeys.updatedAt,
      created_at: apiKeys.createdAt,
    },
    {
      rows: ctx.db.select().from(apiKeys).$dynamic(),
      count: ctx.db.select({ total: count() }).from(apiKeys).$dynamic(),
      where: eq(apiKeys.workspaceId, workspace.id),
      id: apiKeys.id,
    },
  );
  return { records: page.records.map(toApiKey), total: page.total };
}

/** Creates a key; the answer is the only time the key itself leaves the server. */
export async function createApiKey(
  ctx: AppContext,
  user: UserRow,
  { workspace }: WorkspaceAccess,
  input: z.output<ReturnType<typeof createApiKeyBody>>,
): Promise<CreatedApiKey> {
  const [deployment] = await ctx.db
    .select({ id: deployments.id })
    .from(deployments)
    .innerJoin(projects, eq(projects.id, deployments.projectId))
    .where(and(eq(deployments.id, input.resource_id), eq(projects.workspaceId, workspace.id), projectIsComplete()))
    .limit(1);
  if (!deployment) throw AppError.badRequest(apiKeyMessages.foreignResource);
  const key = generateApiKey();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: workspace.id,
        displayName: input.display_name,
        description: input.description,
        status: 'active',
        keyHash: sha256(key),
        hint: key.slice(-API_KEY_HINT_LENGTH),
        scopes: [...new Set(input.scopes)],
        resourceType: input.resource_type,
        resourceId: input.resource_id,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('insert returned no API key');
    const { scopes, resource_type, resource_id, expires_at } = toApiKey(created);
    await recordAudit({ ...ctx, db: tx }, { action: 'api_key.created', ...auditedKey(created), details: { scopes, resource_type, resource_id, expires_at } });
    return created;
  });
  return { ...toApiKey(row), key };
}

/** The key `id` of the checked workspace. */
function keyOf({ workspace }: WorkspaceAccess, id: string) {
  return and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspace.id));
}

export async function updateApiKey(
  ctx: AppContext,
  checked: WorkspaceAccess,
  id: string,
  input: z.output<typeof updateApiKeyBody>,
): Promise<ApiKey> {
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(keyOf(checked, id)).for('update');
    // Deleted between the access check and the update.
    if (!before) throw AppError.notFound();
    const [updated] = await tx
      .update(apiKeys)
      .set({ description: input.description, status: input.status, updatedAt: ctx.now() })
      .where(keyOf(checked, id))
      .returning();
    const described = ({ description, status }: ApiKeyRow) => ({ description, status });
    const changes = changedFields(described(before), described(updated!));
    if (Object.keys(changes).length > 0) await recordAudit({ ...ctx, db: tx }, { action: 'api_key.changed', ...auditedKey(before), details: { changes } });
    return updated!;
  });
  return toApiKey(row);
}

export async function deleteApiKey(ctx: AppContext, checked: WorkspaceAccess, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(apiKeys).where(keyOf(checked, id)).returning();
    if (deleted) await recordAudit({ ...ctx, db: tx }, { action: 'api_key.deleted', ...auditedKey(deleted) });
  });
}

/** How the audit log names a key: by its name and the last characters people see of it. */
function auditedKey(key: ApiKeyRow) {
  return { resourceType: 'api_key', resourceId: key.id, resourceLabel: `${key.displayName} (…${key.hint})`, workspaceId: key.workspaceId } as const;
}

/**
 * The key presented by an outside caller (the conversation-store API): found by its hash, active
 * and not expired; null otherwise. The caller then checks scope and resource.
 */
export async function verifyApiKey(ctx: Pick<AppContext, 'db' | 'now'>, presented: string): Promise<ApiKeyRow | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.keyHash, sha256(presented))).limit(1);
  if (!row || row.status !== 'active') return null;
  if (row.expiresAt && row.expiresAt.getTime() <= ctx.now().getTime()) return null;
  return row;
}
