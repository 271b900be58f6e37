import { intentBody, intentList, intentSchema } from '@console/contracts';
import { projectRecordApi } from './project-record-api';

/** GET/POST /project/{id}/intent, GET/PUT/DELETE /intent/{id}, with their query hooks. */
export const intentApi = projectRecordApi('intent', { record: intentSchema, body: intentBody, list: intentList });
