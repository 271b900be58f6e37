import { z } from 'zod';
import { apiErrorSchema } from '@console/contracts';

/**
 * Path ids. A malformed id is bad input (400, 'Id must be a valid UUID.'), checked before any SQL
 * sees it; a well-formed id that names nothing the caller may read is a 404.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const uuidParam = (field: string) =>
  z.string({ error: `${field} must be a valid UUID.` }).regex(uuidPattern, { error: `${field} must be a valid UUID.` });

export const idParams = z.object({ id: uuidParam('Id') });
export const membershipParams = z.object({ id: uuidParam('Id'), membershipId: uuidParam('Membership Id') });

/** Every refusal answers the one error shape (declared per status so it shows in /api/docs). */
export const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;
export const noContent = z.null().describe('No content');
export const security = [{ bearer: [] }];
