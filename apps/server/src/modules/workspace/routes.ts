import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWorkspaceBody,
  listResponse,
  updateWorkspaceBody,
  workspaceList,
  workspaceSchema,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, workspaceAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { createWorkspace, deleteWorkspace, listWorkspaces, toWorkspace, updateWorkspace } from './service';
import { actingFor } from '../../platform/caller';

export function workspaceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['workspaces'];

    app.get('/workspace', {
      config: { access: access.signedIn },
      schema: {
        tags,
        security,
        summary: 'Workspaces of the caller (super users: all)',
        querystring: listQuery(workspaceList),
        response: { 200: listResponse(workspaceSchema), ...refusals },
      },
      handler: (request) => listWorkspaces(ctx, requireAuth(request).user, request.query),
    });

    app.post('/workspace', {
      config: { access: access.superUser },
      schema: {
        tags,
        security,
        summary: 'Create a workspace (super users)',
        body: createWorkspaceBody,
        response: { 201: workspaceSchema, ...refusals },
      },
      handler: async (request, reply) => reply.status(201).send(await createWorkspace(actingFor(ctx, request), request.body)),
    });

    app.get('/workspace/:id', {
      config: { access: access.workspace('read') },
      schema: { tags, security, summary: 'One workspace', params: idParams, response: { 200: workspaceSchema, ...refusals } },
      handler: (request) => {
        const { workspace, role } = workspaceAccessOf(request);
        return toWorkspace(workspace, role);
      },
    });

    app.put('/workspace/:id', {
      config: { access: access.workspace('canUpdate') },
      schema: {
        tags,
        security,
        summary: 'Update a workspace (admins, editors, super users)',
        params: idParams,
        body: updateWorkspaceBody,
        response: { 200: workspaceSchema, ...refusals },
      },
      handler: (request) => updateWorkspace(ctx, workspaceAccessOf(request), request.body),
    });

    app.delete('/workspace/:id', {
      config: { access: access.workspace('canDelete') },
      schema: {
        tags,
        security,
        summary: 'Delete a workspace with its projects, memberships and API keys (super users)',
        params: idParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteWorkspace(actingFor(ctx, request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
