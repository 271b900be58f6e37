import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archiveFileName, cloneProjectBody, projectSummarySchema } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf, workspaceAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { attachmentDisposition } from '../../platform/download';
import { documentedAs } from '../../platform/openapi';
import { idParams, refusals, security } from '../../platform/params';
import type { ArchiveFile } from './read-archive';
import { cloneProject, exportProject, importProject } from './service';
import { IMPORT_NAME_FIELD, importMultipartOptions, readArchiveUpload } from './upload';
import { actingFor } from '../../platform/caller';

/** Documents the file; the checking schema (projectArchiveSchema) transforms, so it reads imports only. */
const archiveAnswer = z
  .custom<ArchiveFile>()
  .describe('The project archive: format, version, exported_at, project (settings and jargon), sources, contents, intents, slots, channels, sequences, scenarios, test_cases');

/**
 * The import form, read part by part by the route (so an oversized file is cut off, not held): the
 * validator sees no body, and /api/docs shows the form's fields.
 */
const importForm = documentedAs(
  z.unknown(),
  z.object({
    file: z.string().meta({ format: 'binary' }).describe('The archive (JSON) exported by GET /project/{id}/archive'),
    [IMPORT_NAME_FIELD]: z.string().min(3).max(128).optional().describe("The new project's name; the archive's by default"),
  }),
);

export function archiveRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['archives'];
    // Only the import takes multipart bodies; registered here so no other route accepts them.
    await app.register(fastifyMultipart, importMultipartOptions);

    app.get('/project/:id/archive', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: 'Download the project with every entity as one archive file (its readers)',
        params: idParams,
        response: { 200: archiveAnswer, ...refusals },
      },
      handler: async (request, reply) => {
        const archive = await exportProject(ctx, projectAccessOf(request));
        return reply
          .header('content-disposition', attachmentDisposition(archiveFileName(request.params.id)))
          .type('application/json; charset=utf-8')
          .send(archive);
      },
    });

    app.post('/workspace/:id/project/import', {
      config: { access: access.workspace('canCreateProject') },
      schema: {
        tags,
        security,
        summary: `Create a project from an archive file: multipart, one file and an optional ${IMPORT_NAME_FIELD} (workspace admins and editors)`,
        consumes: ['multipart/form-data'],
        params: idParams,
        body: importForm,
        response: { 201: projectSummarySchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await importProject(actingFor(ctx, request), workspaceAccessOf(request), () => readArchiveUpload(request))),
    });

    app.post('/project/:id/clone', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "Copy the project into its workspace, by default named '{name} (copy)' (readers who may create projects there)",
        params: idParams,
        body: cloneProjectBody,
        response: { 201: projectSummarySchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await cloneProject(actingFor(ctx, request), requireAuth(request).user, projectAccessOf(request), request.body)),
    });
  };
}
