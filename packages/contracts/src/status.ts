import type { ApiKey } from './api-key';
import type { Channel } from './channel';
import type { Content } from './content';
import type { Scenario } from './scenario';
import type { User } from './user';
import type { Workspace } from './workspace';

/** Every status a record of the console can have (users, workspaces, API keys, content, channels, scenarios). */
type RecordStatus = (User | Workspace | ApiKey | Content | Channel)['status'] | Scenario['scenario']['status'];

/**
 * How a status reads wherever a person sees it (badges, tables, forms, filter choices): one label
 * per value, whichever record has it, so 'active' never reads 'Active' on one screen and 'active'
 * on the next. The API keeps the lowercase values.
 */
export const statusLabels: Record<RecordStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  blocked: 'Blocked',
  locked: 'Locked',
  draft: 'Draft',
  inactive: 'Inactive',
  omitted: 'Omitted',
  candidate: 'Candidate',
};
