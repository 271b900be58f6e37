import { projectDelete, projectRead, projectWrite, type Cell, type Row } from './table';

/**
 * Test suites: a project's test cases (created by its editors, replaced by them, deleted by its
 * admins, imported by its editors) and runs of them (started by its editors), all read by its readers.
 */

const project = (c: Cell) => `/api/v1/project/${c.projectId}`;
const testRun = (c: Cell) => `${project(c)}/test-run/${c.testRunId}`;
const caseBody = (c: Cell) => ({ question: 'How fast do you ship?', expect: { type: 'content', content_id: c.contentId } });

export const suiteRows: Row[] = [
  { route: 'GET /project/{id}/test-case', method: 'GET', url: (c) => `${project(c)}/test-case`, write: false, ...projectRead },
  { route: 'POST /project/{id}/test-case', method: 'POST', url: (c) => `${project(c)}/test-case`, body: caseBody, write: true, ...projectWrite(201) },
  { route: 'GET /test-case/{id}', method: 'GET', url: (c) => `/api/v1/test-case/${c.testCaseId}`, write: false, ...projectRead },
  { route: 'PUT /test-case/{id}', method: 'PUT', url: (c) => `/api/v1/test-case/${c.testCaseId}`, body: caseBody, write: true, ...projectWrite(200) },
  { route: 'DELETE /test-case/{id}', method: 'DELETE', url: (c) => `/api/v1/test-case/${c.testCaseId}`, write: true, ...projectDelete(204) },
  { route: 'GET /project/{id}/test-case/export', method: 'GET', url: (c) => `${project(c)}/test-case/export?format=csv`, write: false, ...projectRead },
  {
    route: 'POST /project/{id}/test-case/import',
    method: 'POST',
    url: (c) => `${project(c)}/test-case/import`,
    body: () => ({ format: 'json', data: JSON.stringify([{ question: 'What is the weather?', expect_type: 'out_of_scope' }]) }),
    write: true,
    ...projectWrite(200),
  },

  // The cell's project has version 1 and a test case: an allowed run is queued.
  { route: 'POST /project/{id}/test-run', method: 'POST', url: (c) => `${project(c)}/test-run`, write: true, ...projectWrite(202) },
  { route: 'GET /project/{id}/test-run', method: 'GET', url: (c) => `${project(c)}/test-run`, write: false, ...projectRead },
  { route: 'GET /project/{id}/test-run/{runId}', method: 'GET', url: testRun, write: false, ...projectRead },
  { route: 'GET /project/{id}/test-run/{runId}/result', method: 'GET', url: (c) => `${testRun(c)}/result`, write: false, ...projectRead },
  {
    route: 'GET /project/{id}/test-run/{runId}/compare/{otherRunId}',
    method: 'GET',
    url: (c) => `${testRun(c)}/compare/${c.testRunId}`,
    write: false,
    ...projectRead,
  },
];
