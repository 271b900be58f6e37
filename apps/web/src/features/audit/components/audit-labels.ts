import type { AuditAction, AuditActorType, AuditResourceType } from '@console/contracts';

/** How the log names each action: what happened, in words a reviewer scans. */
export const auditActionLabels: Record<AuditAction, string> = {
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Sign-in failed',
  'mfa.failed': 'MFA code refused',
  'password_reset.requested': 'Password reset requested',
  'password_reset.completed': 'Password reset',
  'invitation.sent': 'Invitation sent again',
  'invitation.accepted': 'Invitation accepted',
  'password.changed': 'Password changed',
  'password.change_refused': 'Password change refused',
  'password.set': 'Password set by a super user',
  'user.created': 'User created',
  'user.blocked': 'User blocked',
  'user.unblocked': 'User unblocked',
  'user.deleted': 'User deleted',
  'user.super_user_granted': 'Made super user',
  'user.super_user_revoked': 'Super user removed',
  'user.mfa_enabled': 'MFA turned on',
  'user.mfa_disabled': 'MFA turned off',
  'membership.granted': 'Role granted',
  'membership.removed': 'Role removed',
  'api_key.created': 'API key created',
  'api_key.changed': 'API key changed',
  'api_key.deleted': 'API key deleted',
  'workspace.created': 'Workspace created',
  'workspace.deleted': 'Workspace deleted',
  'project.created': 'Project created',
  'project.deleted': 'Project deleted',
  'project.imported': 'Project imported',
  'project.cloned': 'Project cloned',
  'project.synced': 'Synced',
  'project.settings_changed': 'Settings changed',
  'project.retention_changed': 'Retention changed',
  'project.model_endpoint_refused': 'Model endpoint refused',
  'deployment.deployed': 'Deployed',
  'deployment.rolled_back': 'Rolled back',
  'deployment.promoted': 'Promoted',
  'conversations.erased': 'Conversations erased',
};

export const auditResourceLabels: Record<AuditResourceType, string> = {
  user: 'User',
  workspace: 'Workspace',
  project: 'Project',
  deployment: 'Deployment',
  api_key: 'API key',
};

export const auditActorLabels: Record<AuditActorType, string> = { user: 'User', api_key: 'API key', anonymous: 'Not signed in' };
