import type { ProjectAccess } from '../../platform/access';

/**
 * Who deployed (and who synced a version) is shown to super users and to those who may update the
 * project; other readers get the record without it (docs/decisions.md).
 */
export function showsWho(access: ProjectAccess): boolean {
  return access.permissions.canUpdateProject || access.permissions.isSuperUser;
}
