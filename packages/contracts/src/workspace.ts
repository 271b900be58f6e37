import { z } from 'zod';
import { oneOf, strictObject, text } from './fields';
import { defineList } from './list';
import { roleSchema } from './roles';

const workspaceStatuses = ['draft', 'active', 'blocked'] as const;
const workspaceStatusSchema = z.enum(workspaceStatuses);
/** Statuses the Update modal offers: a workspace starts as draft and is never set back to it. */
export const editableWorkspaceStatuses = ['active', 'blocked'] as const;

export const workspaceSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: z.string(),
  status: workspaceStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller's role here; null for a super user who is not a member. */
  role: roleSchema.nullable(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

const workspaceFields = {
  display_name: text('Name', 3, 128),
  description: text('Description', 0, 255).default(''),
};

/** POST /workspace (super users). New workspaces start active so members can use them at once. */
export const createWorkspaceBody = strictObject({ ...workspaceFields, status: oneOf('Status', editableWorkspaceStatuses).default('active') })
  ;
export type CreateWorkspaceBody = z.input<typeof createWorkspaceBody>;

/** PUT /workspace/{id}. */
export const updateWorkspaceBody = strictObject({ ...workspaceFields, status: oneOf('Status', editableWorkspaceStatuses) })
  ;
export type UpdateWorkspaceBody = z.input<typeof updateWorkspaceBody>;

export const workspaceList = defineList({
  sortable: ['display_name', 'status', 'updated_at', 'created_at'],
  filters: {
    display_name: { kind: 'text' },
    status: { kind: 'select', values: workspaceStatuses },
    updated_at: { kind: 'date' },
  },
});
