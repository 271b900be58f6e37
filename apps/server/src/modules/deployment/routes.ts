import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDeploymentBody,
  deploymentList,
  deploymentSchema,
  listResponse,
  updateDeploymentBody,
  workspaceDeploymentList,
  workspaceDeploymentSchema,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf, workspaceAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { createDeployment, deployDeployment, listDeployments, listWorkspaceDeployments, readDeployment, updateDeployment } from './service';

const deploymentParams = z.object({ id: uuidParam('Id'), deploymentId: uuidParam('Deployment Id') });

export function deploymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['deployments'];

    app.get('/project/:id/deployment', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A project's deployments (its readers; the deployer only for super users and project admins and editors)",
        params: idParams,
        querystring: listQuery(deploymentList),
        response: { 200: listResponse(deploymentSchema), ...refusals },
      },
      handler: (request) => listDeployments(ctx, projectAccessOf(request), request.query),
    });

    // A workspace role reaches every project of the workspace, so its readers read these too.
    app.get('/workspace/:id/deployment', {
      config: { access: access.workspace('read') },
      schema: {
        tags,
        security,
        summary: "The deployments of the workspace's projects, named with their project (its readers; to choose an API key's deployment)",
        params: idParams,
        querystring: listQuery(workspaceDeploymentList),
        response: { 200: listResponse(workspaceDeploymentSchema), ...refusals },
      },
      handler: (request) => listWorkspaceDeployments(ctx, workspaceAccessOf(request), request.query),
    });

    app.post('/project/:id/deployment', {
      config: { access: access.project('canCreateSubProject') },
      schema: {
        tags,
        security,
        summary: 'Create a deployment with a new public key; it answers nothing until deployed (project admins and editors)',
        params: idParams,
        body: createDeploymentBody,
        response: { 201: deploymentSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createDeployment(ctx, projectAccessOf(request), request.body)),
    });

    app.get('/project/:id/deployment/:deploymentId', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: 'One deployment of the project (its readers; the deployer only for super users and project admins and editors)',
        params: deploymentParams,
        response: { 200: deploymentSchema, ...refusals },
      },
      handler: (request) => readDeployment(ctx, projectAccessOf(request), request.params.deploymentId),
    });

    app.put('/project/:id/deployment/:deploymentId', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary: 'Rename a deployment or replace its allowed origins (project admins and editors)',
        params: deploymentParams,
        body: updateDeploymentBody,
        response: { 200: deploymentSchema, ...refusals },
      },
      handler: (request) =>
        updateDeployment(ctx, projectAccessOf(request), request.params.deploymentId, request.body),
    });

    app.post('/project/:id/deployment/:deploymentId/deploy', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary: "Point the deployment at the project's newest snapshot; 409 when the project never synced (project admins and editors)",
        params: deploymentParams,
        response: { 200: deploymentSchema, ...refusals },
      },
      handler: (request) => deployDeployment(ctx, requireAuth(request).user, projectAccessOf(request), request.params.deploymentId),
    });
  };
}
