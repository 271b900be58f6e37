import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelList,
  channelSchema,
  channelSummarySchema,
  createChannelBody,
  listResponse,
  updateChannelBody,
  updateChannelConfigBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { listQuery } from '../../platform/listing';
import { idParams, noContent, refusals, security } from '../../platform/params';
import { createChannel, deleteChannel, listChannels, ofChannel, readChannel, updateChannel, updateChannelConfig } from './service';

export function channelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['channels'];

    app.get('/project/:id/channel', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "A project's channels, without their configurations (its readers)",
        params: idParams,
        querystring: listQuery(channelList),
        response: { 200: listResponse(channelSummarySchema), ...refusals },
      },
      handler: (request) => listChannels(ctx, projectAccessOf(request), request.query),
    });

    app.post('/project/:id/channel', {
      config: { access: access.project('canCreateSubProject') },
      schema: {
        tags,
        security,
        summary: 'Create a web channel: a draft with a new public key and the default widget configuration (project admins and editors)',
        params: idParams,
        body: createChannelBody,
        response: { 201: channelSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createChannel(ctx, projectAccessOf(request), request.body)),
    });

    app.get('/channel/:id', {
      config: { access: access.project('read', ofChannel) },
      schema: { tags, security, summary: 'One channel with its configuration (its project readers)', params: idParams, response: { 200: channelSchema, ...refusals } },
      handler: (request) => readChannel(ctx, projectAccessOf(request), request.params.id),
    });

    app.put('/channel/:id', {
      config: { access: access.project('canUpdateSubProject', ofChannel) },
      schema: {
        tags,
        security,
        summary: 'Rename a channel and set its status, active or draft (project admins and editors)',
        params: idParams,
        body: updateChannelBody,
        response: { 200: channelSchema, ...refusals },
      },
      handler: (request) => updateChannel(ctx, projectAccessOf(request), request.params.id, request.body),
    });

    app.delete('/channel/:id', {
      config: { access: access.project('canDeleteSubProject', ofChannel) },
      schema: { tags, security, summary: 'Delete a channel (project admins)', params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await deleteChannel(ctx, projectAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.put('/channel/:id/config', {
      config: { access: access.project('canUpdateSubProject', ofChannel) },
      schema: {
        tags,
        security,
        summary: "Replace a web channel's widget configuration; other types are not implemented (project admins and editors)",
        params: idParams,
        body: updateChannelConfigBody,
        response: { 200: channelSchema, ...refusals },
      },
      handler: (request) => updateChannelConfig(ctx, projectAccessOf(request), request.params.id, request.body),
    });
  };
}
