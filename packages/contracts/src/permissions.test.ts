import { describe, expect, it } from 'vitest';
import { grantableRoles, joinableRoles, projectPermissions, roleGrantMessages, roleGrantRefusal, workspacePermissions } from './permissions';

describe('granting roles', () => {
  it('lets admins grant every role, editors editor and viewer, viewers and the role-less nothing', () => {
    expect(grantableRoles('admin')).toEqual(['admin', 'editor', 'viewer']);
    expect(grantableRoles('editor')).toEqual(['editor', 'viewer']);
    expect(grantableRoles('viewer')).toEqual([]);
    expect(grantableRoles(null)).toEqual([]);
    expect(projectPermissions({ is_super_user: true }, 'editor').grantableRoles).toEqual(['editor', 'viewer']);
    expect(workspacePermissions({ is_super_user: true }, null).grantableRoles).toEqual([]);
  });

  it('lets a super user join with any role only where they have none', () => {
    expect(joinableRoles({ is_super_user: true }, null)).toEqual(['admin', 'editor', 'viewer']);
    expect(joinableRoles({ is_super_user: true }, 'editor')).toEqual([]);
    expect(joinableRoles({ is_super_user: false }, null)).toEqual([]);
    expect(workspacePermissions({ is_super_user: true }, 'viewer').canJoin).toBe(false);
  });

  it('names why a grant is refused', () => {
    expect(roleGrantRefusal('editor', grantableRoles('editor'), { role: 'admin', toSelf: false })).toBe(roleGrantMessages.adminOnly);
    expect(roleGrantRefusal('editor', grantableRoles('editor'), { role: 'editor', toSelf: false })).toBeNull();
    expect(roleGrantRefusal('admin', grantableRoles('admin'), { role: 'viewer', toSelf: true })).toBe(roleGrantMessages.ownRole);
    expect(roleGrantRefusal(null, joinableRoles({ is_super_user: true }, null), { role: 'admin', toSelf: true })).toBeNull();
    expect(roleGrantRefusal('viewer', grantableRoles('viewer'), { role: 'viewer', toSelf: false })).toBe('You do not have permission to do this.');
  });
});
