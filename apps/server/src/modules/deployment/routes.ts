import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDeploymentBody,
  deployBody,
  deployHistoryEntrySchema,
  deployHistoryList,
  deploymentList,
  deployPreviewQuery,
  deployPreviewSchema,
  promoteBody,
  rollbackBody,
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
import { deployVersion, promoteDeployment, rollbackDeployment } from './deploy';
import { listDeployHistory } from './history';
import { readDeployPreview } from './preview';
import { createDeployment, listDeployments, listWorkspaceDeployments, readDeployment, updateDeployment } from './service';
import { actingFor } from '../../platform/caller';

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
        summary: 'Rename a deployment, replace its allowed origins or set whether deploys need passing tests (project admins and editors)',
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
        summary:
          "Point the deployment at a version (default the newest), recorded in its deploy history; 409 when the project never synced, when the version no longer compiles, or when the deployment requires passing tests the version lacks (a project admin may override with a reason); the body may be left out (project admins and editors)",
        params: deploymentParams,
        // No body at all (null) deploys the newest version.
        body: deployBody.nullish(),
        response: { 200: deploymentSchema, ...refusals },
      },
      handler: (request) =>
        deployVersion(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.params.deploymentId, request.body ?? deployBody.parse({})),
    });

    app.post('/project/:id/deployment/:deploymentId/rollback', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary:
          'Point the deployment back at the version it answered from before its latest deploy, rollback or promote; 409 when there is none; not gated by "Require passing tests"; the body may be left out (project admins and editors)',
        params: deploymentParams,
        body: rollbackBody.nullish(),
        response: { 200: deploymentSchema, ...refusals },
      },
      handler: (request) =>
        rollbackDeployment(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.params.deploymentId, request.body ?? rollbackBody.parse({})),
    });

    app.post('/project/:id/deployment/:deploymentId/promote', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags,
        security,
        summary:
          "Point the deployment at exactly the version another deployment of the project answers from, through this deployment's gate; 409 when that one answers from none (project admins and editors)",
        params: deploymentParams,
        body: promoteBody,
        response: { 200: deploymentSchema, ...refusals },
      },
      handler: (request) => promoteDeployment(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.params.deploymentId, request.body),
    });

    app.get('/project/:id/deployment/:deploymentId/history', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The deployment's deploy history, newest first: each version, the one it replaced, the action and its reasons (its readers; who only for super users and project admins and editors)",
        params: deploymentParams,
        querystring: listQuery(deployHistoryList),
        response: { 200: listResponse(deployHistoryEntrySchema), ...refusals },
      },
      handler: (request) => listDeployHistory(ctx, projectAccessOf(request), request.params.deploymentId, request.query),
    });

    app.get('/project/:id/deployment/:deploymentId/preview', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary:
          'What a deploy (of `version`, default the newest) or a promote (`from_deployment_id`) would put live: the version, what answers now, its latest test run and replay against this deployment, and whether the gate lets it through (its readers)',
        params: deploymentParams,
        querystring: deployPreviewQuery,
        response: { 200: deployPreviewSchema, ...refusals },
      },
      handler: (request) => readDeployPreview(ctx, projectAccessOf(request), request.params.deploymentId, request.query),
    });
  };
}
