import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProjectBody,
  listResponse,
  projectList,
  projectSchema,
  projectSummarySchema,
  readableProjectList,
  readableProjectSchema,
  updateProjectBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf, workspaceAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { listReadableProjects } from './readable-projects';
import { createProject, deleteProject, listProjects, readProject, updateProject } from './service';
import { actingFor } from '../../platform/caller';

export function projectRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['projects'];

    app.get('/project', {
      config: { access: access.signedIn },
      schema: {
        tags,
        security,
        summary: 'Projects the caller can read, across workspaces, with a role on the project or its workspace (super users: all)',
        querystring: listQuery(readableProjectList),
        response: { 200: listResponse(readableProjectSchema), ...refusals },
      },
      handler: (request) => listReadableProjects(ctx, requireAuth(request).user, request.query),
    });

    app.get('/workspace/:id/project', {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        security,
        summary: "A workspace's projects (its readers)",
        params: idParams,
        querystring: listQuery(projectList),
        response: { 200: listResponse(projectSummarySchema), ...refusals },
      },
      handler: (request) => listProjects(ctx, workspaceAccessOf(request), request.query),
    });

    app.post('/workspace/:id/project', {
      config: { access: access.workspace('canCreateProject') },
      schema: {
        tags,
        security,
        summary: "Create a project with its 'Production' deployment (workspace admins and editors)",
        params: idParams,
        body: createProjectBody,
        response: { 201: projectSummarySchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createProject(actingFor(ctx, request), workspaceAccessOf(request), request.body)),
    });

    app.get('/project/:id', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: 'One project with its settings and jargon (its readers)',
        params: idParams,
        response: { 200: projectSchema, ...refusals },
      },
      handler: (request) => readProject(projectAccessOf(request)),
    });

    app.put('/project/:id', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary: 'Update settings and jargon; a field left out keeps its value (project admins and editors)',
        params: idParams,
        body: updateProjectBody,
        response: { 200: projectSchema, ...refusals },
      },
      handler: (request) => updateProject(actingFor(ctx, request), projectAccessOf(request), request.body),
    });

    app.delete('/project/:id', {
      config: { access: access.project('canDeleteProject') },
      schema: {
        tags,
        security,
        summary: 'Delete a project (project admins)',
        params: idParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteProject(actingFor(ctx, request), projectAccessOf(request));
        return reply.status(204).send(null);
      },
    });
  };
}
