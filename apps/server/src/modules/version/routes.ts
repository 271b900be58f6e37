import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResponse, syncStatusSchema, versionDiffQuery, versionDiffSchema, versionList, versionNumber, versionSchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { listQuery } from '../../platform/listing';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { diffVersion, listVersions, readVersion } from './service';
import { readSyncStatus } from './sync-status';

const versionParams = z.object({ id: uuidParam('Id'), number: versionNumber('Number') });

export function versionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['versions'];

    app.get('/project/:id/version', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The project's versions (one per sync), newest first, each with the deployments answering from it (its readers; who synced only for super users and project admins and editors)",
        params: idParams,
        querystring: listQuery(versionList),
        response: { 200: listResponse(versionSchema), ...refusals },
      },
      handler: (request) => listVersions(ctx, projectAccessOf(request), request.query),
    });

    app.get('/project/:id/version/:number', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: 'One version of the project by its number; 404 for a number the project does not have or a version since pruned (its readers)',
        params: versionParams,
        response: { 200: versionSchema, ...refusals },
      },
      handler: (request) => readVersion(ctx, projectAccessOf(request), request.params.number),
    });

    app.get('/project/:id/version/:number/diff', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary:
          'What changed, item by item, from another version (`against`; by default the one Production answers from, else the version before) to this one (its readers)',
        params: versionParams,
        querystring: versionDiffQuery,
        response: { 200: versionDiffSchema, ...refusals },
      },
      handler: (request) => diffVersion(ctx, projectAccessOf(request), request.params.number, request.query.against),
    });

    app.get('/project/:id/sync-status', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The newest version, whether the project holds changes not yet synced, and the version Production answers from (its readers)",
        params: idParams,
        response: { 200: syncStatusSchema, ...refusals },
      },
      handler: (request) => readSyncStatus(ctx, projectAccessOf(request)),
    });
  };
}
