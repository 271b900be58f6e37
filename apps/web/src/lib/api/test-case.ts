import { testCaseBody, testCaseList, testCaseSchema } from '@console/contracts';
import { projectRecordApi } from './project-record-api';

/**
 * GET/POST /project/{id}/test-case, GET/PUT/DELETE /test-case/{id}, with their query hooks. Shared:
 * the suite writes cases, and the conversations and the query log create one from an answer ("Add to
 * tests"), refreshing the suite's lists.
 */
export const testCaseApi = projectRecordApi('test-case', { record: testCaseSchema, body: testCaseBody, list: testCaseList });
