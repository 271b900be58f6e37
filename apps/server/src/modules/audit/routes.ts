import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntryList, auditEntrySchema, auditExportFileName, listResponse, type ListQuery } from '@console/contracts';
import type { AppContext } from '../../context';
import { access, workspaceAccessOf } from '../../platform/access';
import { attachmentDisposition } from '../../platform/download';
import { listQuery } from '../../platform/listing';
import { idParams, refusals, security } from '../../platform/params';
import { exportAuditEntries, listAuditEntries, type AuditScope } from './service';

const csvResponse = z.string().describe('CSV (UTF-8 with BOM, CRLF), columns as AUDIT_EXPORT_COLUMNS; details as JSON');

/**
 * The audit log, read only: no route edits or deletes an entry. A workspace's admins read its
 * entries; super users read every entry, those of no workspace too (sign-ins, users).
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['audit'];

    /** The export's headers, and its rows as a stream: what a download of the list's selection needs. */
    function download(scope: AuditScope, name: string, query: ListQuery) {
      const headers = {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentDisposition(auditExportFileName(name, ctx.now())),
      };
      return { headers, csv: exportAuditEntries(ctx, scope, query) as unknown as string };
    }

    app.get('/workspace/:id/audit', {
      config: { access: access.workspace('canReadAudit') },
      schema: {
        tags,
        security,
        summary: "The workspace's audit log, newest first: who did what, from which address, on which resource (workspace admins)",
        params: idParams,
        querystring: listQuery(auditEntryList),
        response: { 200: listResponse(auditEntrySchema), ...refusals },
      },
      handler: (request) => listAuditEntries(ctx, { workspaceId: workspaceAccessOf(request).workspace.id }, request.query),
    });

    app.get('/workspace/:id/audit/export', {
      config: { access: access.workspace('canReadAudit') },
      schema: {
        tags,
        security,
        summary: "The workspace's audit log entries the filters select, in the list's order, as CSV (workspace admins)",
        params: idParams,
        produces: ['text/csv'],
        querystring: listQuery(auditEntryList),
        response: { 200: csvResponse, ...refusals },
      },
      handler: async (request, reply) => {
        const { workspace } = workspaceAccessOf(request);
        const { headers, csv } = download({ workspaceId: workspace.id }, workspace.id, request.query);
        return reply.headers(headers).send(csv);
      },
    });

    app.get('/audit', {
      config: { access: access.superUser },
      schema: {
        tags,
        security,
        summary: 'Every audit log entry, newest first, including sign-ins and user changes that belong to no workspace (super users)',
        querystring: listQuery(auditEntryList),
        response: { 200: listResponse(auditEntrySchema), ...refusals },
      },
      handler: (request) => listAuditEntries(ctx, 'all', request.query),
    });

    app.get('/audit/export', {
      config: { access: access.superUser },
      schema: {
        tags,
        security,
        summary: 'The audit log entries the filters select, in the list\'s order, as CSV (super users)',
        produces: ['text/csv'],
        querystring: listQuery(auditEntryList),
        response: { 200: csvResponse, ...refusals },
      },
      handler: async (request, reply) => {
        const { headers, csv } = download('all', 'all', request.query);
        return reply.headers(headers).send(csv);
      },
    });
  };
}
