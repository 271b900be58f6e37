import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_TOTAL_HEADER,
  conversationEventList,
  conversationList,
  conversationRecordSchema,
  conversationSummarySchema,
  eventRecordSchema,
  exportFileName,
  listResponse,
  queryList,
  summaryChartsSchema,
  summaryFilters,
  summarySchema,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { attachmentDisposition } from '../../platform/download';
import { listQuery } from '../../platform/listing';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { conversationEvents, conversationOf, conversationPage, conversationSummary } from './conversations';
import { exportQuestions } from './query-export';
import { countQuestions, queryPage } from './queries';
import { eventScope, projectScope } from './scope';
import { chartsOf, summaryOf } from './summary';

const conversationParams = z.object({ id: uuidParam('Id'), convId: uuidParam('Conv ID') });

/**
 * The analytics of a project: dashboard, conversations, query log and its
 * export. Every reader of the project reads them: the project comes from the path, its access is
 * declared (`access.project('read')`) and checked before the handler, and every read is confined to it.
 */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['analytics'];

    app.get('/project/:id/summary', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary:
          "The dashboard's counts over a range of issued_at and a deployment, the Real-Time Test's only with include_realtime__eq=true; liked and disliked answers by the answer's time (the project's readers)",
        params: idParams,
        querystring: listQuery(summaryFilters),
        response: { 200: summarySchema, ...refusals },
      },
      handler: async (request) => {
        const { project } = projectAccessOf(request);
        return summaryOf(ctx, await eventScope(ctx, project.id, request.query));
      },
    });

    app.get('/project/:id/summary/charts', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The dashboard's charts: questions and out of scope per day in `tz`, top content, top out-of-scope questions (the project's readers)",
        params: idParams,
        querystring: listQuery(summaryFilters),
        response: { 200: summaryChartsSchema, ...refusals },
      },
      handler: async (request) => {
        const { project } = projectAccessOf(request);
        return chartsOf(ctx, await eventScope(ctx, project.id, request.query), request.query.tz ?? 'UTC');
      },
    });

    app.get('/project/:id/conv', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "The project's conversations, newest first; the Real-Time Test's only with include_realtime__eq=true (the project's readers)",
        params: idParams,
        querystring: listQuery(conversationList),
        response: { 200: listResponse(conversationRecordSchema), ...refusals },
      },
      handler: async (request) => {
        const { project } = projectAccessOf(request);
        return conversationPage(ctx, await eventScope(ctx, project.id, request.query), request.query);
      },
    });

    app.get('/project/:id/conv/:convId', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "One conversation's events, oldest first (the project's readers)",
        params: conversationParams,
        querystring: listQuery(conversationEventList),
        response: { 200: listResponse(eventRecordSchema), ...refusals },
      },
      handler: async (request) => {
        const { project } = projectAccessOf(request);
        const conversation = await conversationOf(ctx, projectScope(project.id), request.params.convId);
        return conversationEvents(ctx, conversation, request.query);
      },
    });

    app.get('/project/:id/conv/:convId/summary', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "One conversation's counts (the project's readers)",
        params: conversationParams,
        response: { 200: conversationSummarySchema, ...refusals },
      },
      handler: async (request) => {
        const { project } = projectAccessOf(request);
        return conversationSummary(ctx, await conversationOf(ctx, projectScope(project.id), request.params.convId));
      },
    });

    app.get('/project/:id/query', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary:
          "The project's query log: one row per question (its response or error event, with what answered, the refusal, the confidence and the visitor's feedback), newest first; the Real-Time Test's only with include_realtime__eq=true (the project's readers)",
        params: idParams,
        querystring: listQuery(queryList),
        response: { 200: listResponse(eventRecordSchema), ...refusals },
      },
      handler: async (request) => {
        const { project } = projectAccessOf(request);
        return queryPage(ctx, await eventScope(ctx, project.id, request.query), request.query);
      },
    });

    app.get('/project/:id/query/export', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: `The query log (with the list's filters) as a JSON array streamed one question per line (its outcome event and feedback), oldest first, timestamps in \`tz\` (default UTC); ${EXPORT_TOTAL_HEADER} tells how many questions (the project's readers)`,
        params: idParams,
        querystring: listQuery(queryList),
        // Streamed as written (no serializer runs over a stream): the schema documents its records.
        response: { 200: z.custom<Readable>().describe('A JSON array of question records (ExportRecord: the outcome event as stored, with its feedback), one per line'), ...refusals },
      },
      handler: async (request, reply) => {
        const { project } = projectAccessOf(request);
        const scope = await eventScope(ctx, project.id, request.query);
        const total = await countQuestions(ctx, scope);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', attachmentDisposition(exportFileName(project.id)))
          .header(EXPORT_TOTAL_HEADER, String(total))
          .send(exportQuestions(ctx, scope, request.query.tz ?? 'UTC'));
      },
    });
  };
}
