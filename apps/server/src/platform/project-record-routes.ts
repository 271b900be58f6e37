import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponse, type ListSpec } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { access, projectAccessOf, type ProjectRight } from './access';
import { listQuery } from './listing';
import { idParams, noContent, refusals, security } from './params';
import type { ProjectRecordOperations } from './project-records';

/** How the calls of one kind of project record are named in paths and in /api/docs. */
interface ProjectRecordNames {
  /** The path segment and the noun: /project/{id}/intent, /intent/{id}, 'One intent'. */
  one: string;
  /** One with its article: 'Delete an intent'. */
  a: string;
  /** The plural, also the OpenAPI tag: "A project's intents". */
  many: string;
  /** What a create does: 'Create an intent with its utterances; names are unique in the project'. */
  create: string;
  /** What an update does: 'Rename an intent and replace its utterances'. */
  update: string;
}

/** The schemas of a kind's calls: its record, a create's body and, when it differs, an update's. */
interface ProjectRecordSchemas<RecordSchema extends z.ZodType, BodySchema extends z.ZodType, UpdateSchema extends z.ZodType> {
  record: RecordSchema;
  body: BodySchema;
  update?: UpdateSchema;
  /** The right an update needs, when it is not canUpdateSubProject (the sequence builder's save: canCreateSubProject). */
  updateRight?: ProjectRight;
}

/**
 * The five calls of a project record: list and create under /project/{id}/{one}, read, update and
 * delete at /{one}/{id}. The summaries name who may call, as the declarations enforce it.
 */
export function projectRecordRoutes<RecordSchema extends z.ZodType, BodySchema extends z.ZodType, UpdateSchema extends z.ZodType = BodySchema>(
  ctx: AppContext,
  records: ProjectRecordOperations<ListSpec, z.output<RecordSchema>, z.output<BodySchema>, z.output<UpdateSchema>>,
  schemas: ProjectRecordSchemas<RecordSchema, BodySchema, UpdateSchema>,
  names: ProjectRecordNames,
): FastifyPluginAsyncZod {
  // The type provider cannot resolve a schema that is still a type parameter, so the routes see the
  // schemas as any zod type (a safe widening: the replies' types are tied to them by `records`'
  // signature above) and the bodies, which `body` and `update` themselves validated, get their types
  // back in `bodyOf` and `changesOf` (without `update`, UpdateSchema is BodySchema, its default).
  const record: z.ZodType = schemas.record;
  const body: z.ZodType = schemas.body;
  const update: z.ZodType = schemas.update ?? schemas.body;
  const bodyOf = (request: FastifyRequest) => request.body as z.output<BodySchema>;
  const changesOf = (request: FastifyRequest) => request.body as z.output<UpdateSchema>;
  return async (app) => {
    const tags = [names.many];

    app.get(`/project/:id/${names.one}`, {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: `A project's ${names.many} (its readers)`,
        params: idParams,
        querystring: listQuery(records.listSpec),
        response: { 200: listResponse(record), ...refusals },
      },
      handler: (request) => records.list(ctx, projectAccessOf(request), request.query),
    });

    app.post(`/project/:id/${names.one}`, {
      config: { access: access.project('canCreateSubProject') },
      schema: {
        tags,
        security,
        summary: `${names.create} (project admins and editors)`,
        params: idParams,
        body,
        response: { 201: record, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await records.create(ctx, projectAccessOf(request), bodyOf(request))),
    });

    app.get(`/${names.one}/:id`, {
      config: { access: access.project('read', records.ofRecord) },
      schema: { tags, security, summary: `One ${names.one} (its project readers)`, params: idParams, response: { 200: record, ...refusals } },
      handler: (request) => records.read(ctx, projectAccessOf(request), request.params.id),
    });

    app.put(`/${names.one}/:id`, {
      config: { access: access.project(schemas.updateRight ?? 'canUpdateSubProject', records.ofRecord) },
      schema: {
        tags,
        security,
        summary: `${names.update} (project admins and editors)`,
        params: idParams,
        body: update,
        response: { 200: record, ...refusals },
      },
      handler: (request) => records.update(ctx, projectAccessOf(request), request.params.id, changesOf(request)),
    });

    app.delete(`/${names.one}/:id`, {
      config: { access: access.project('canDeleteSubProject', records.ofRecord) },
      schema: { tags, security, summary: `Delete ${names.a} (project admins)`, params: idParams, response: { 204: noContent, ...refusals } },
      handler: async (request, reply) => {
        await records.delete(ctx, projectAccessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
