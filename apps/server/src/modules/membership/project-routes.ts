import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMembershipBody, listResponse, projectMembershipList, projectMembershipSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, membershipParams, noContent, refusals, security } from '../../platform/params';
import { addProjectMember, deleteProjectMember, listProjectMembers } from './project-service';
import { actingFor } from '../../platform/caller';

export function projectMembershipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['memberships'];

    app.get('/project/:id/membership', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A project's members: direct roles and roles inherited from the workspace (its readers)",
        params: idParams,
        querystring: listQuery(projectMembershipList),
        response: { 200: listResponse(projectMembershipSchema), ...refusals },
      },
      handler: (request) => listProjectMembers(ctx, projectAccessOf(request), request.query),
    });

    app.post('/project/:id/membership', {
      config: { access: access.project('canCreateProject') },
      schema: {
        tags,
        security,
        summary: 'Give an existing user, by e-mail, a role on the project no higher than the caller\'s, never the caller (project admins and editors)',
        params: idParams,
        body: createMembershipBody,
        response: { 201: projectMembershipSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await addProjectMember(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.body)),
    });

    app.delete('/project/:id/membership/:membershipId', {
      config: { access: access.project('canDeleteProject') },
      schema: {
        tags,
        security,
        summary: 'Remove a direct project role (project admins; never the own row)',
        params: membershipParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteProjectMember(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.params.membershipId);
        return reply.status(204).send(null);
      },
    });
  };
}
