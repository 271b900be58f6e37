import { describe, expect, it } from 'vitest';
import { can, isStaffEmail, strongerRole } from './roles';

describe('roles', () => {
  it('lets every role read, editors write, and only admins delete', () => {
    expect(['admin', 'editor', 'viewer'].map((role) => can(role as 'admin', 'read'))).toEqual([true, true, true]);
    expect(can('editor', 'update')).toBe(true);
    expect(can('viewer', 'create')).toBe(false);
    expect(can('editor', 'delete')).toBe(false);
    expect(can('admin', 'delete')).toBe(true);
  });

  it('gives no access without a role', () => {
    expect(can(null, 'read')).toBe(false);
    expect(can(undefined, 'read')).toBe(false);
  });

  it('takes the stronger of a direct and an inherited role', () => {
    expect(strongerRole('viewer', 'editor')).toBe('editor');
    expect(strongerRole('editor', 'viewer')).toBe('editor');
    expect(strongerRole('admin', 'editor')).toBe('admin');
    expect(strongerRole('viewer', 'viewer')).toBe('viewer');
    expect(strongerRole('admin', null)).toBe('admin');
    expect(strongerRole(undefined, 'viewer')).toBe('viewer');
    expect(strongerRole(null, null)).toBeNull();
  });

  it('recognises staff by e-mail domain only when one is configured', () => {
    expect(isStaffEmail('ann@corp.example', 'corp.example')).toBe(true);
    expect(isStaffEmail('ann@evilcorp.example', 'corp.example')).toBe(false);
    expect(isStaffEmail('ann@corp.example', undefined)).toBe(false);
  });
});
