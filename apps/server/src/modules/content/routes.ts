import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTENT_BULK_MAX_ITEMS,
  contentBulkBody,
  contentBulkResultSchema,
  contentActionBody,
  contentActionSchema,
  contentList,
  contentSchema,
  contentSummarySchema,
  contentUtteranceBody,
  contentUtteranceSchema,
  createContentBody,
  listResponse,
  type ListSpec,
  updateContentBody,
  updateContentResponseBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { ofSource } from '../source/service';
import { actions } from './actions';
import { bulkContent } from './bulk';
import { attachmentDisposition } from '../../platform/download';
import { exportContents } from './export';
import {
  createContent,
  deleteContent,
  listContents,
  listSourceContents,
  readContent,
  updateContent,
  updateContentResponse,
  ofContent,
} from './service';
import type { ItemPartOperations } from './item-parts';
import { utterances } from './utterances';

export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['content'];

    /* ---------------------------------------------------------- items */

    app.get('/project/:id/content', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A project's content items (its readers)",
        params: idParams,
        querystring: listQuery(contentList),
        response: { 200: listResponse(contentSummarySchema), ...refusals },
      },
      handler: (request) => listContents(ctx, projectAccessOf(request), request.query),
    });

    app.post('/project/:id/content', {
      config: { access: access.project('canCreateSubProject') },
      schema: {
        tags,
        security,
        summary: 'Create a content item, active with an empty response; source_id names a source of the project (project admins and editors)',
        params: idParams,
        body: createContentBody,
        response: { 201: contentSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createContent(ctx, projectAccessOf(request), request.body)),
    });

    app.post('/project/:id/content/bulk', {
      config: { access: access.project('canDeleteSubProject') },
      schema: {
        tags,
        security,
        summary: `Activate, deactivate or delete many content items in one transaction: the items of ids (every one of the project, else 404 and nothing changes), or every item the filter matches (a content list's filters, source_id for a source's list; at most ${CONTENT_BULK_MAX_ITEMS}, else 400). Answers how many changed (project admins)`,
        params: idParams,
        body: contentBulkBody,
        response: { 200: contentBulkResultSchema, ...refusals },
      },
      handler: (request) => bulkContent(ctx, projectAccessOf(request), request.body),
    });

    app.get('/source/:id/content', {
      config: { access: access.project('read', ofSource) },
      schema: {
        tags,
        security,
        summary: "A source's content items (its project's readers)",
        params: idParams,
        querystring: listQuery(contentList),
        response: { 200: listResponse(contentSummarySchema), ...refusals },
      },
      handler: (request) => listSourceContents(ctx, projectAccessOf(request), request.params.id, request.query),
    });

    app.get('/project/:id/content/utterances', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "Download every content item of the project as CSV, named '{projectId}_contents.csv' (its readers)",
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (UTF-8 with BOM, CRLF), columns as CONTENT_EXPORT_COLUMNS'), ...refusals },
      },
      handler: async (request, reply) => {
        const { fileName, stream } = await exportContents(ctx, projectAccessOf(request).project);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentDisposition(fileName))
          .send(stream as unknown as string);
      },
    });

    app.get('/content/:id', {
      config: { access: access.project('read', ofContent) },
      schema: { tags, security, summary: 'One content item with its response (project readers)', params: idParams, response: { 200: contentSchema, ...refusals } },
      handler: (request) => readContent(ctx, projectAccessOf(request), request.params.id),
    });

    app.put('/content/:id', {
      config: { access: access.project('canUpdateSubProject', ofContent) },
      schema: {
        tags,
        security,
        summary: 'Update subject and status; changing the status (activate, deactivate) needs the delete right (project admins; editors for the subject)',
        params: idParams,
        body: updateContentBody,
        response: { 200: contentSchema, ...refusals },
      },
      handler: (request) => updateContent(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.put('/content/:id/response', {
      config: { access: access.project('canUpdateSubProject', ofContent) },
      schema: {
        tags,
        security,
        summary: 'Replace the response (ProseMirror JSON, stored canonical, num_response_words recounted) (project admins and editors)',
        params: idParams,
        body: updateContentResponseBody,
        response: { 200: contentSchema, ...refusals },
      },
      handler: (request) => updateContentResponse(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.delete('/content/:id', {
      config: { access: access.project('canDeleteSubProject', ofContent) },
      schema: {
        tags,
        security,
        summary: 'Delete a content item with its utterances and actions (project admins)',
        params: idParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        await deleteContent(ctx, projectAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    /* ------------------------------------------- utterances and actions */

    itemPartRoutes(app, ctx, utterances, { record: contentUtteranceSchema, body: contentUtteranceBody }, {
      one: 'utterance',
      a: 'an utterance',
      many: 'utterances',
      add: 'Add an utterance, unique in the item ignoring case and surrounding space',
    });
    itemPartRoutes(app, ctx, actions, { record: contentActionSchema, body: contentActionBody }, {
      one: 'action',
      a: 'an action',
      many: 'actions',
      add: 'Add an action: a query {label, utterance} or an event {label, event}',
    });
  };
}

/** How the calls of one kind of item part are named in paths and in /api/docs. */
interface ItemPartNames {
  /** The path segment: /content/{id}/utterance, /content-utterance/{id}. */
  one: string;
  /** One with its article: 'Change an utterance'. */
  a: string;
  /** The plural: "A content item's utterances". */
  many: string;
  /** What an add does. */
  add: string;
}

/**
 * The four calls of an item part: list and add under /content/{id}/{one}, change and remove at
 * /content-{one}/{id}. Writing a part is an update of its item, so every write needs the update right.
 */
function itemPartRoutes<RecordSchema extends z.ZodType, BodySchema extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  ctx: AppContext,
  parts: ItemPartOperations<ListSpec, z.output<RecordSchema>, z.output<BodySchema>>,
  schemas: { record: RecordSchema; body: BodySchema },
  names: ItemPartNames,
): void {
  // As in platform/project-record-routes.ts: the type provider cannot resolve a schema that is a type
  // parameter, so the routes see any zod type and the body, which `body` validated, gets its type back.
  const record: z.ZodType = schemas.record;
  const body: z.ZodType = schemas.body;
  const bodyOf = (request: FastifyRequest) => request.body as z.output<BodySchema>;
  const tags = ['content'];

  app.get(`/content/:id/${names.one}`, {
    config: { access: access.project('read', ofContent) },
    schema: {
      tags,
      security,
      summary: `A content item's ${names.many} (project readers)`,
      params: idParams,
      querystring: listQuery(parts.listSpec),
      response: { 200: listResponse(record), ...refusals },
    },
    handler: (request) => parts.list(ctx, request.params.id, request.query),
  });

  app.post(`/content/:id/${names.one}`, {
    config: { access: access.project('canUpdateSubProject', ofContent) },
    schema: {
      tags,
      security,
      summary: `${names.add} (project admins and editors)`,
      params: idParams,
      body,
      response: { 201: record, ...refusals },
    },
    handler: async (request, reply) => reply.status(201).send(await parts.create(ctx, request.params.id, bodyOf(request))),
  });

  app.put(`/content-${names.one}/:id`, {
    config: { access: access.project('canUpdateSubProject', parts.ofRecord) },
    schema: {
      tags,
      security,
      summary: `Change ${names.a} (project admins and editors)`,
      params: idParams,
      body,
      response: { 200: record, ...refusals },
    },
    handler: (request) => parts.update(ctx, projectAccessOf(request), request.params.id, bodyOf(request)),
  });

  app.delete(`/content-${names.one}/:id`, {
    config: { access: access.project('canUpdateSubProject', parts.ofRecord) },
    schema: { tags, security, summary: `Remove ${names.a} (project admins and editors)`, params: idParams, response: { 204: noContent, ...refusals } },
    handler: async (request, reply) => {
      await parts.delete(ctx, projectAccessOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
