import { z } from 'zod';
import { strictObject, text } from './fields';
import { defineList } from './list';

export const NOT_SYNCED_LABEL = 'Not Synced';
export const DEFAULT_DEPLOYMENT_NAME = 'Production';

/** A project as the workspace's project list shows it (console.md §3). */
export const projectSummarySchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  display_name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  synced_at: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** POST /workspace/{id}/project. */
export const createProjectBody = strictObject({
    display_name: text('Name', 3, 128),
    description: text('Description', 0, 255).default(''),
  })
  ;
export type CreateProjectBody = z.input<typeof createProjectBody>;

export const projectList = defineList({
  sortable: ['display_name', 'updated_at', 'created_at', 'synced_at'],
  filters: {
    display_name: { kind: 'text' },
    updated_at: { kind: 'date' },
    synced_at: { kind: 'date' },
  },
});
