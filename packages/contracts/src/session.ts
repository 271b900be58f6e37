import { z } from 'zod';
import { roleSchema } from './roles';

/** GET /session query: the context the console is looking at. */
export const sessionQuery = z.object({
  workspace: z.string().optional(),
  project: z.string().optional(),
  deployment: z.string().optional(),
});
export type SessionQuery = z.infer<typeof sessionQuery>;

const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  is_super_user: z.boolean(),
  is_staff: z.boolean(),
});

/**
 * The session: who the caller is and their effective roles on the requested context.
 * A context the caller may not read answers as null, exactly like one that does not exist.
 */
export const sessionSchema = z.object({
  version: z.string(),
  user: sessionUserSchema,
  workspace: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  workspace_role: roleSchema.nullable(),
  project: z.object({ id: z.string(), display_name: z.string(), synced_at: z.string().nullable() }).nullable(),
  project_role: roleSchema.nullable(),
  deployment: z.object({ id: z.string(), deployed_at: z.string().nullable() }).nullable(),
  deployment_role: roleSchema.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
