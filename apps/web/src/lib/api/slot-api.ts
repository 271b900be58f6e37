import { slotBody, slotList, slotSchema } from '@console/contracts';
import { projectRecordApi } from './project-record-api';

/** GET/POST /project/{id}/slot, GET/PUT/DELETE /slot/{id}, with their query hooks. */
export const slotApi = projectRecordApi('slot', { record: slotSchema, body: slotBody, list: slotList });
