import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createMembershipBody,
  joinWorkspaceBody,
  listResponse,
  membershipList,
  membershipSchema,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, workspaceAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, membershipParams, noContent, refusals, security } from '../../platform/params';
import { addMember, deleteMember, joinWorkspace, listMemberships } from './service';
import { actingFor } from '../../platform/caller';

export function membershipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['memberships'];

    app.get('/workspace/:id/membership', {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        security,
        summary: "A workspace's members (its readers)",
        params: idParams,
        querystring: listQuery(membershipList),
        response: { 200: listResponse(membershipSchema), ...refusals },
      },
      handler: (request) => listMemberships(ctx, workspaceAccessOf(request), request.query),
    });

    app.post('/workspace/:id/membership', {
      config: { access: access.workspace('canAddMember') },
      schema: {
        tags,
        security,
        summary: 'Add an existing user by e-mail with a role no higher than the caller\'s, never the caller (workspace admins and editors)',
        params: idParams,
        body: createMembershipBody,
        response: { 201: membershipSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await addMember(actingFor(ctx, request), requireAuth(request).user, workspaceAccessOf(request), request.body)),
    });

    app.post('/workspace/:id/membership/self', {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        security,
        summary: 'Join this workspace with any role (super users without a role here; nobody changes their own role)',
        params: idParams,
        body: joinWorkspaceBody,
        response: { 200: membershipSchema, ...refusals },
      },
      handler: (request) => joinWorkspace(actingFor(ctx, request), requireAuth(request).user, workspaceAccessOf(request), request.body),
    });

    app.delete('/workspace/:id/membership/:membershipId', {
      config: { access: access.workspace('canDeleteMember') },
      schema: {
        tags,
        security,
        summary: 'Remove a member (workspace admins; never the own row)',
        params: membershipParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteMember(actingFor(ctx, request), requireAuth(request).user, workspaceAccessOf(request), request.params.membershipId);
        return reply.status(204).send(null);
      },
    });
  };
}
