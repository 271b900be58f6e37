import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONVERSATION_STORE_SCOPE, conversationStoreMessages } from '@console/contracts';
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
  }
}

/**
 * The gate of the conversation-store API: a workspace API key in `Authorization: Bearer`, never in
 * the URL. A missing, unknown, inactive, expired or deleted key is a 401; a key without the
 * read_conversation_store scope on a deployment, or whose deployment is gone or belongs to another
 * workspace, is a 403. The key's deployment is the only thing it reads: its id comes from the key,
 * never from the request.
 */
export function conversationStoreGate(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const presented = readBearer(request);
    if (!presented) throw AppError.unauthorized(conversationStoreMessages.missingKey);
    const key = await verifyApiKey(ctx, presented);
    if (!key) throw AppError.unauthorized(conversationStoreMessages.invalidKey);
    if (key.resourceType !== 'deployment' || !key.scopes.includes(CONVERSATION_STORE_SCOPE)) {
      throw AppError.forbidden(conversationStoreMessages.wrongScope);
    }
    const [deployment] = await ctx.db
      .select({ id: deployments.id, projectId: deployments.projectId, workspaceId: projects.workspaceId })
      .from(deployments)
      .innerJoin(projects, eq(projects.id, deployments.projectId))
      .where(and(eq(deployments.id, key.resourceId), projectIsComplete()))
      .limit(1);
    if (!deployment || deployment.workspaceId !== key.workspaceId) throw AppError.forbidden(conversationStoreMessages.noDeployment);
    request.storeScope = { projectId: deployment.projectId, deploymentId: deployment.id, realtime: false, filters: [] };
  };
}

/** The gated deployment's scope with the request's filters. */
export function storeScopeOf(request: FastifyRequest, query: { filters: EventScope['filters'] }): EventScope {
  const scope = request.storeScope;
  if (!scope) throw new Error('the conversation-store gate did not run');
  return { ...scope, filters: query.filters };
}
