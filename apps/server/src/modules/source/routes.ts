import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  convertSourceBody,
  createSourceBody,
  listResponse,
  sourceList,
  sourcePullSchema,
  sourceSchema,
  sourceSummarySchema,
  updateSourceBody,
  updateSourceConfigBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security, uuidParam } from '../../platform/params';
import { startPull } from './pull/start';
import {
  convertSource,
  createSource,
  deleteSource,
  listSources,
  readSource,
  readSourcePull,
  renameSource,
  updateSourceConfig,
  ofSource,
} from './service';

const pullParams = z.object({ id: uuidParam('Id'), pullId: uuidParam('Pull Id') });

export function sourceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sources'];

    app.get('/project/:id/source', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A project's sources (its readers)",
        params: idParams,
        querystring: listQuery(sourceList),
        response: { 200: listResponse(sourceSummarySchema), ...refusals },
      },
      handler: (request) => listSources(ctx, projectAccessOf(request), request.query),
    });

    app.post('/project/:id/source', {
      config: { access: access.project('canCreateSubProject') },
      schema: {
        tags,
        security,
        summary: 'Create a rich_editor or pipeline source with its default configuration (project admins and editors)',
        params: idParams,
        body: createSourceBody,
        response: { 201: sourceSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createSource(ctx, projectAccessOf(request), request.body)),
    });

    app.get('/source/:id', {
      config: { access: access.project('read', ofSource) },
      schema: { tags, security, summary: 'One source with its configuration, KB and last pull', params: idParams, response: { 200: sourceSchema, ...refusals } },
      handler: (request) => readSource(ctx, projectAccessOf(request), request.params.id),
    });

    app.put('/source/:id', {
      config: { access: access.project('canUpdateSubProject', ofSource) },
      schema: {
        tags,
        security,
        summary: 'Rename a source (project admins and editors)',
        params: idParams,
        body: updateSourceBody,
        response: { 200: sourceSchema, ...refusals },
      },
      handler: (request) => renameSource(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.delete('/source/:id', {
      config: { access: access.project('canDeleteSubProject', ofSource) },
      schema: {
        tags,
        security,
        summary: 'Delete a source; its content items stay, no longer linked to it (project admins)',
        params: idParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteSource(ctx, projectAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.put('/source/:id/config', {
      config: { access: access.project('canUpdateSubProject', ofSource) },
      schema: {
        tags,
        security,
        summary: "Replace a source's configuration, checked against its type (project admins and editors)",
        params: idParams,
        body: updateSourceConfigBody,
        response: { 200: sourceSchema, ...refusals },
      },
      handler: (request) => updateSourceConfig(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.post('/source/:id/convert', {
      config: { access: access.project('canUpdateSubProject', ofSource) },
      schema: {
        tags,
        security,
        summary: 'Convert (editor to rich_editor, custom to pipeline) or downgrade (the reverse) a source (project admins and editors)',
        params: idParams,
        body: convertSourceBody,
        response: { 200: sourceSchema, ...refusals },
      },
      handler: (request) => convertSource(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.post('/source/:id/pull', {
      config: { access: access.project('canUpdateSubProject', ofSource) },
      schema: {
        tags,
        security,
        summary: "Start pulling a source's content in the background; poll the answered pull (project admins and editors)",
        params: idParams,
        response: { 202: sourcePullSchema, ...refusals },
      },
      handler: async (request, reply) => reply.status(202).send(await startPull(ctx, requireAuth(request).user, projectAccessOf(request), request.params.id)),
    });

    app.get('/source/:id/pull/:pullId', {
      config: { access: access.project('read', ofSource) },
      schema: {
        tags,
        security,
        summary: 'A pull of the source: its progress, then its summary or error',
        params: pullParams,
        response: { 200: sourcePullSchema, ...refusals },
      },
      handler: (request) => readSourcePull(ctx, projectAccessOf(request), request.params.id, request.params.pullId),
    });
  };
}
