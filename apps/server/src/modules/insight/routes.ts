import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fixAnswerSchema, fixBody, inboxQuery, inboxSchema, topicDetailSchema, topicQuestionsQuery } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { applyFix } from './fixes';
import { readInbox } from './inbox';
import { readTopic } from './topic';
import { fixesOf } from './topics';

const topicParams = z.object({ id: uuidParam('Id'), topicId: uuidParam('Topic Id') });

/**
 * The inbox of failed questions and its fixes. Every reader of the project reads them; a fix needs
 * the right to change content (a new item, the right to create it), checked on the project the path
 * names before the handler runs.
 */
export function insightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['insight'];

    app.get('/project/:id/insight', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary:
          "The inbox: the topics of the questions the assistant failed in a window (default the last 7 days) and deployment (default all; the Real-Time Test only when included): refused, below the confidence threshold, disliked or erroneous; by impact, questions x conversations (the project's readers)",
        params: idParams,
        querystring: inboxQuery,
        response: { 200: inboxSchema, ...refusals },
      },
      handler: (request) => readInbox(ctx, projectAccessOf(request), request.query),
    });

    app.get('/project/:id/insight/topic/:topicId', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A topic with its window's questions (paged), the items nearest them with their scores and the words they share (the project's readers)",
        params: topicParams,
        querystring: topicQuestionsQuery,
        response: { 200: topicDetailSchema, ...refusals },
      },
      handler: (request) => readTopic(ctx, projectAccessOf(request), request.params.topicId, request.query),
    });

    app.post('/project/:id/insight/topic/:topicId/fix', {
      config: { access: access.project('canUpdateSubProject') },
      schema: {
        tags,
        security,
        summary:
          "Fix a topic in one click, for all its questions or those chosen: add them as an item's utterances, make a new item of them (needs the create right), add a jargon mapping, add them as out-of-scope examples, add them as test cases, or dismiss the topic; recorded on the topic and checked against the next version synced (project admins and editors); 409 when the item was deleted meanwhile",
        params: topicParams,
        body: fixBody,
        response: { 201: fixAnswerSchema, ...refusals },
      },
      handler: async (request, reply) => {
        const checked = projectAccessOf(request);
        const fixId = await applyFix(ctx, requireAuth(request).user, checked, request.params.topicId, request.body);
        const detail = await readTopic(ctx, checked, request.params.topicId, topicQuestionsQuery.parse({ limit: 1 }));
        const fix = (await fixesOf(ctx, [request.params.topicId])).get(request.params.topicId)!.find((listed) => listed.id === fixId)!;
        return reply.status(201).send({ fix, topic: detail.topic });
      },
    });
  };
}
