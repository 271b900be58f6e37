import { scenarioCreateBody, scenarioList, scenarioSchema, scenarioUpdateBody } from '@console/contracts';
import { projectRecordApi } from '@/lib/api/project-record-api';

/** GET/POST /project/{id}/scenario, GET/PUT/DELETE /scenario/{id}: each answers the record with its nodes and transitions. */
export const scenarioApi = projectRecordApi('scenario', {
  record: scenarioSchema,
  body: scenarioCreateBody,
  update: scenarioUpdateBody,
  list: scenarioList,
});
