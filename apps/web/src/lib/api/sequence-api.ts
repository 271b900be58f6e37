import { sequenceCreateBody, sequenceList, sequenceSchema, sequenceUpdateBody } from '@console/contracts';
import { projectRecordApi } from './project-record-api';

/** GET/POST /project/{id}/sequence, GET/PUT/DELETE /sequence/{id} (the builder's save), with their query hooks. */
export const sequenceApi = projectRecordApi('sequence', {
  record: sequenceSchema,
  body: sequenceCreateBody,
  update: sequenceUpdateBody,
  list: sequenceList,
});
