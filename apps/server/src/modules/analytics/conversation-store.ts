import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONVERSATION_STORE_SCOPE, ERASURE_SCOPE, conversationStoreMessages, type ApiKeyScope } from '@console/contracts';
import type { AppContext } from '../../context';
import { deployments, projectIsComplete, projects } from '../../db/schema/index';
import { readBearer } from '../../platform/authenticate';
import { AppError } from '../../platform/errors';
import { verifyApiKey } from '../api-key/service';
import type { EventScope } from './scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The deployment a conversation-store call reads, once its API key passed. */
    storeScope: EventScope | null;
    /** That deployment's project, as an audit entry names it. */
    storeProject: { id: string; displayName: string; workspaceId: string } | null;
  }
}

/** What a key without the route's scope is told. */
const wrongScope: Record<ApiKeyScope, string> = {
  [CONVERSATION_STORE_SCOPE]: conversationStoreMessages.wrongScope,
  [ERASURE_SCOPE]: conversationStoreMessages.wrongEraseScope,
};

/**
 * The gate of the conversation-store API: a workspace API key in `Authorization: Bearer`, never in
 * the URL. A missing, unknown, inactive, expired or deleted key is a 401; a key without the route's
 * scope (read_conversation_store, or erase_conversations for erasure) on a deployment, or whose
 * deployment is gone or belongs to another workspace, is a 403. The key's deployment is the only
 * thing it reaches: its id comes from the key, never from the request.
 */
export function conversationStoreGate(ctx: AppContext, scope: ApiKeyScope = CONVERSATION_STORE_SCOPE) {
  return async (request: FastifyRequest) => {
    const presented = readBearer(request);
    if (!presented) throw AppError.unauthorized(conversationStoreMessages.missingKey);
    const key = await verifyApiKey(ctx, presented);
    if (!key) throw AppError.unauthorized(conversationStoreMessages.invalidKey);
    if (key.resourceType !== 'deployment' || !key.scopes.includes(scope)) throw AppError.forbidden(wrongScope[scope]);
    const [deployment] = await ctx.db
      .select({ id: deployments.id, projectId: deployments.projectId, workspaceId: projects.workspaceId, projectName: projects.displayName })
      .from(deployments)
      .innerJoin(projects, eq(projects.id, deployments.projectId))
      .where(and(eq(deployments.id, key.resourceId), projectIsComplete()))
      .limit(1);
    if (!deployment || deployment.workspaceId !== key.workspaceId) throw AppError.forbidden(conversationStoreMessages.noDeployment);
    request.storeScope = { projectId: deployment.projectId, deploymentId: deployment.id, realtime: false, filters: [] };
    request.storeProject = { id: deployment.projectId, displayName: deployment.projectName, workspaceId: deployment.workspaceId };
    request.apiKeyCaller = { id: key.id, label: key.displayName };
  };
}

/** The gated deployment's scope with the request's filters. */
export function storeScopeOf(request: FastifyRequest, query: { filters: EventScope['filters'] }): EventScope {
  const scope = request.storeScope;
  if (!scope) throw new Error('the conversation-store gate did not run');
  return { ...scope, filters: query.filters };
}
