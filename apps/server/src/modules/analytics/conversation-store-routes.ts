import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERASURE_SCOPE,
  conversationErasurePaths,
  conversationEventList,
  conversationRecordSchema,
  conversationStorePaths,
  erasureBody,
  erasureCountsSchema,
  erasurePreviewBody,
  erasurePreviewSchema,
  eventRecordSchema,
  listResponse,
  storeList,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access } from '../../platform/access';
import { listQuery } from '../../platform/listing';
import { refusals, uuidParam } from '../../platform/params';
import { eraseConversations, previewErasure, type ErasureScope } from '../privacy/erasure';
import { conversationStoreGate, storeScopeOf } from './conversation-store';
import { conversationEvents, conversationOf, conversationPage } from './conversations';
import { queryPage } from './queries';
import { actingFor } from '../../platform/caller';

/** How the OpenAPI document names the API key scheme of these routes. */
const apiKeySecurity = [{ apiKey: [] }];

/**
 * The conversation-store API (issue: a workspace API key reads its deployment's conversations from
 * outside the console). Public to the user-token check, guarded by the key's own gate; the same
 * reads as the console's, confined to the key's deployment.
 */
export function conversationStoreRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('storeScope', null);
    app.decorateRequest('storeProject', null);
    const tags = ['conversation store'];
    const config = { access: access.gate(conversationStoreGate(ctx)) };

    app.get(conversationStorePaths.conversations, {
      config,
      schema: {
        tags,
        security: apiKeySecurity,
        summary: "The key's deployment's conversations, newest first, with their liked and disliked answers (API key with read_conversation_store)",
        querystring: listQuery(storeList),
        response: { 200: listResponse(conversationRecordSchema), ...refusals },
      },
      handler: (request) => conversationPage(ctx, storeScopeOf(request, request.query), request.query),
    });

    app.get(conversationStorePaths.conversation, {
      config,
      schema: {
        tags,
        security: apiKeySecurity,
        summary: "One conversation of the key's deployment: its events, oldest first, each answer with its feedback (API key with read_conversation_store)",
        params: z.object({ convId: uuidParam('Conv ID') }),
        querystring: listQuery(conversationEventList),
        response: { 200: listResponse(eventRecordSchema), ...refusals },
      },
      handler: async (request) => {
        const conversation = await conversationOf(ctx, storeScopeOf(request, { filters: [] }), request.params.convId);
        return conversationEvents(ctx, conversation, request.query);
      },
    });

    app.get(conversationStorePaths.events, {
      config,
      schema: {
        tags,
        security: apiKeySecurity,
        summary:
          "The key's deployment's questions, newest first: one row per question (its response or error event) with the visitor's feedback, as the query log (API key with read_conversation_store)",
        querystring: listQuery(storeList),
        response: { 200: listResponse(eventRecordSchema), ...refusals },
      },
      handler: (request) => queryPage(ctx, storeScopeOf(request, request.query), request.query),
    });

    const erasing = { access: access.gate(conversationStoreGate(ctx, ERASURE_SCOPE)) };
    const erasureScope = (request: FastifyRequest): ErasureScope => {
      const { deploymentId } = storeScopeOf(request, { filters: [] });
      if (!deploymentId || !request.storeProject) throw new Error('the conversation-store gate set no deployment');
      return { project: request.storeProject, deploymentId };
    };

    app.post(conversationErasurePaths.preview, {
      config: erasing,
      schema: {
        tags,
        security: apiKeySecurity,
        summary:
          "What erasing the key's deployment's conversations would take, named by id or found by a value a visitor gave (at least 3 characters, any case, anywhere in the stored questions, answers, traces and feedback comments), with the ids to erase (API key with erase_conversations)",
        body: erasurePreviewBody,
        response: { 200: erasurePreviewSchema, ...refusals },
      },
      handler: (request) => previewErasure(ctx, erasureScope(request), request.body),
    });

    app.post(conversationErasurePaths.erase, {
      config: erasing,
      schema: {
        tags,
        security: apiKeySecurity,
        summary:
          "Erases for good the conversations and test cases a preview listed, those of them still the key's deployment's; answers what was erased (API key with erase_conversations)",
        body: erasureBody,
        response: { 200: erasureCountsSchema, ...refusals },
      },
      handler: (request) => eraseConversations(actingFor(ctx, request), erasureScope(request), request.body),
    });
  };
}
