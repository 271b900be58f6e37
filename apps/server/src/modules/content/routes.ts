import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentActionBody,
  contentActionList,
  contentActionSchema,
  contentList,
  contentSchema,
  contentSummarySchema,
  contentUtteranceBody,
  contentUtteranceList,
  contentUtteranceSchema,
  createContentBody,
  listResponse,
  updateContentBody,
  updateContentResponseBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { ofSource } from '../source/service';
import { createAction, deleteAction, listActions, updateAction } from './actions';
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
  ofAction,
  ofContent,
  ofUtterance,
} from './service';
import { createUtterance, deleteUtterance, listUtterances, updateUtterance } from './utterances';

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

    /* ----------------------------------------------------- utterances */

    app.get('/content/:id/utterance', {
      config: { access: access.project('read', ofContent) },
      schema: {
        tags,
        security,
        summary: "A content item's utterances (project readers)",
        params: idParams,
        querystring: listQuery(contentUtteranceList),
        response: { 200: listResponse(contentUtteranceSchema), ...refusals },
      },
      handler: (request) => listUtterances(ctx, request.params.id, request.query),
    });

    app.post('/content/:id/utterance', {
      config: { access: access.project('canUpdateSubProject', ofContent) },
      schema: {
        tags,
        security,
        summary: 'Add an utterance, unique in the item ignoring case and surrounding space (project admins and editors)',
        params: idParams,
        body: contentUtteranceBody,
        response: { 201: contentUtteranceSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createUtterance(ctx, request.params.id, request.body)),
    });

    app.put('/content-utterance/:id', {
      config: { access: access.project('canUpdateSubProject', ofUtterance) },
      schema: {
        tags,
        security,
        summary: 'Change an utterance (project admins and editors)',
        params: idParams,
        body: contentUtteranceBody,
        response: { 200: contentUtteranceSchema, ...refusals },
      },
      handler: (request) => updateUtterance(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.delete('/content-utterance/:id', {
      config: { access: access.project('canUpdateSubProject', ofUtterance) },
      schema: { tags, security, summary: 'Remove an utterance (project admins and editors)', params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await deleteUtterance(ctx, projectAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    /* -------------------------------------------------------- actions */

    app.get('/content/:id/action', {
      config: { access: access.project('read', ofContent) },
      schema: {
        tags,
        security,
        summary: "A content item's actions (project readers)",
        params: idParams,
        querystring: listQuery(contentActionList),
        response: { 200: listResponse(contentActionSchema), ...refusals },
      },
      handler: (request) => listActions(ctx, request.params.id, request.query),
    });

    app.post('/content/:id/action', {
      config: { access: access.project('canUpdateSubProject', ofContent) },
      schema: {
        tags,
        security,
        summary: 'Add an action: a query {label, utterance} or an event {label, event} (project admins and editors)',
        params: idParams,
        body: contentActionBody,
        response: { 201: contentActionSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createAction(ctx, request.params.id, request.body)),
    });

    app.put('/content-action/:id', {
      config: { access: access.project('canUpdateSubProject', ofAction) },
      schema: {
        tags,
        security,
        summary: 'Change an action (project admins and editors)',
        params: idParams,
        body: contentActionBody,
        response: { 200: contentActionSchema, ...refusals },
      },
      handler: (request) => updateAction(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.delete('/content-action/:id', {
      config: { access: access.project('canUpdateSubProject', ofAction) },
      schema: { tags, security, summary: 'Remove an action (project admins and editors)', params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await deleteAction(ctx, projectAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
