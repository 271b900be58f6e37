import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEST_CASE_IMPORT_CHARS,
  listResponse,
  testCaseBody,
  testCaseExportQuery,
  testCaseImportAnswer,
  testCaseImportBody,
  testCaseSchema,
  testResultList,
  testResultSchema,
  testRunBody,
  testRunComparisonSchema,
  testRunList,
  testRunSchema,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { access, projectAccessOf } from '../../platform/access';
import { requireAuth } from '../../platform/authenticate';
import { attachmentDisposition } from '../../platform/download';
import { listQuery } from '../../platform/listing';
import { idParams, refusals, security, uuidParam } from '../../platform/params';
import { projectRecordRoutes } from '../../platform/project-record-routes';
import { exportTestCases, importTestCases } from './portable';
import { compareTestRuns, createTestRun, listTestResults, listTestRuns, readTestRun } from './runs';
import { testCaseRecords } from './service';

const runParams = z.object({ id: uuidParam('Id'), runId: uuidParam('Run Id') });
const comparedRunParams = runParams.extend({ otherRunId: uuidParam('Other Run Id') });

/** The import's JSON body holds the file as a string: its characters escaped and UTF-8 encoded take up to four bytes each. */
const IMPORT_BODY_LIMIT = TEST_CASE_IMPORT_CHARS * 4 + 1024;

export function suiteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const testCases = projectRecordRoutes(ctx, testCaseRecords, { record: testCaseSchema, body: testCaseBody }, {
    one: 'test-case', a: 'a test case', many: 'test cases',
    create: 'Create a test case: a question, its earlier questions, what must happen (an item of the project) and text the answer must contain',
    update: 'Replace a test case',
  });
  return async (app) => {
    await app.register(testCases);
    const tags = ['test cases'];

    app.get('/project/:id/test-case/export', {
      config: { access: access.project('read') },
      schema: {
        tags,
        security,
        summary: "Download the project's test cases as JSON or CSV in their portable form, items named by reporting id or name; cases whose expected item was deleted are left out (its readers)",
        params: idParams,
        querystring: testCaseExportQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: z.string().describe('A JSON array of portable test cases, or CSV (UTF-8 with BOM, CRLF) with the columns of testCaseCsvColumns'), ...refusals },
      },
      handler: async (request, reply) => {
        const file = await exportTestCases(ctx, projectAccessOf(request), request.query.format);
        return reply.header('content-type', file.contentType).header('content-disposition', attachmentDisposition(file.fileName)).send(file.body);
      },
    });

    app.post('/project/:id/test-case/import', {
      config: { access: access.project('canCreateSubProject') },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Add the test cases of a JSON or CSV file (the export's form); every line is checked first, and the first wrong one is a 400 naming its line and field, nothing imported (project admins and editors)",
        params: idParams,
        body: testCaseImportBody,
        response: { 200: testCaseImportAnswer, ...refusals },
      },
      handler: (request) => importTestCases(ctx, projectAccessOf(request), request.body),
    });

    const runTags = ['test runs'];

    app.post('/project/:id/test-run', {
      config: { access: access.project('canUpdateProject') },
      schema: {
        tags: runTags,
        security,
        summary: "Run every test case of the project against a version (default the newest) in the background; the body may be left out. 409 without cases or before the first sync (project admins and editors)",
        params: idParams,
        // No body at all (null) runs against the newest version.
        body: testRunBody.nullish(),
        response: { 202: testRunSchema, ...refusals },
      },
      handler: async (request, reply) =>
        reply.status(202).send(await createTestRun(ctx, requireAuth(request).user, projectAccessOf(request), request.body ?? {})),
    });

    app.get('/project/:id/test-run', {
      config: { access: access.project('read') },
      schema: {
        tags: runTags,
        security,
        summary: "The project's test runs, newest first; one version's with version__gte and version__lte (its readers)",
        params: idParams,
        querystring: listQuery(testRunList),
        response: { 200: listResponse(testRunSchema), ...refusals },
      },
      handler: (request) => listTestRuns(ctx, projectAccessOf(request), request.query),
    });

    app.get('/project/:id/test-run/:runId', {
      config: { access: access.project('read') },
      schema: {
        tags: runTags,
        security,
        summary: 'A test run: its version, counts and job (its project readers)',
        params: runParams,
        response: { 200: testRunSchema, ...refusals },
      },
      handler: (request) => readTestRun(ctx, projectAccessOf(request), request.params.runId),
    });

    app.get('/project/:id/test-run/:runId/result', {
      config: { access: access.project('read') },
      schema: {
        tags: runTags,
        security,
        summary: "A test run's outcomes: each case as it was run, passed or not and why, the answer and its trace (its project readers)",
        params: runParams,
        querystring: listQuery(testResultList),
        response: { 200: listResponse(testResultSchema), ...refusals },
      },
      handler: (request) => listTestResults(ctx, projectAccessOf(request), request.params.runId, request.query),
    });

    app.get('/project/:id/test-run/:runId/compare/:otherRunId', {
      config: { access: access.project('read') },
      schema: {
        tags: runTags,
        security,
        summary: 'Each case of two test runs of the project, from the other run to this one: fixed, broken, still failing or passing, added, removed (its project readers)',
        params: comparedRunParams,
        response: { 200: testRunComparisonSchema, ...refusals },
      },
      handler: (request) => compareTestRuns(ctx, projectAccessOf(request), request.params.runId, request.params.otherRunId),
    });
  };
}
