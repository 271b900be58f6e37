import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyList,
  apiKeySchema,
  createApiKeyBody,
  createdApiKeySchema,
  listResponse,
  updateApiKeyBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema/index';
import { access, storedOwner, workspaceAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './service';
import { actingFor } from '../../platform/caller';

/** A key's workspace is the one stored on it. */
const ofApiKey = storedOwner(apiKeys.id, apiKeys.workspaceId);

export function apiKeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['api-keys'];

    app.get('/workspace/:id/api-key', {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        security,
        summary: "A workspace's API keys (its readers; never the keys themselves)",
        params: idParams,
        querystring: listQuery(apiKeyList),
        response: { 200: listResponse(apiKeySchema), ...refusals },
      },
      handler: (request) => listApiKeys(ctx, workspaceAccessOf(request), request.query),
    });

    app.post('/workspace/:id/api-key', {
      config: { access: access.workspace('canCreateApiKey') },
      schema: {
        tags,
        security,
        summary: 'Create an API key for a deployment of the workspace (workspace admins); the key is answered once',
        params: idParams,
        // Expiry is checked against the server's (injectable) clock.
        body: createApiKeyBody(ctx.now),
        response: { 201: createdApiKeySchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createApiKey(actingFor(ctx, request), requireAuth(request).user, workspaceAccessOf(request), request.body)),
    });

    app.put('/api-key/:id', {
      config: { access: access.workspace('canUpdateApiKey', ofApiKey) },
      schema: {
        tags,
        security,
        summary: 'Update description and status (workspace admins and editors)',
        params: idParams,
        body: updateApiKeyBody,
        response: { 200: apiKeySchema, ...refusals },
      },
      handler: (request) => updateApiKey(actingFor(ctx, request), workspaceAccessOf(request), request.params.id, request.body),
    });

    app.delete('/api-key/:id', {
      config: { access: access.workspace('canDeleteApiKey', ofApiKey) },
      schema: { tags, security, summary: 'Delete an API key (workspace admins)', params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await deleteApiKey(actingFor(ctx, request), workspaceAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
