import type { DeployHistoryEntry, DeployPreview, Deployment, TestRun, Version } from '@console/contracts';

/** Records as the server answers them, for the component tests of deploying, versions and the Real-Time Test. */
export const PROJECT = 'project-1';
const AT = '2025-03-01T10:00:00.000Z';

export function deploymentRecord(fields: Partial<Deployment> & Pick<Deployment, 'id' | 'display_name'>): Deployment {
  return {
    project_id: PROJECT,
    workspace_id: 'workspace-1',
    key: `key-${fields.id}`,
    allowed_origins: '',
    snapshot_id: null,
    version: null,
    require_passing_tests: false,
    deployed_at: null,
    deployer_id: null,
    deployer_name: null,
    created_at: AT,
    updated_at: AT,
    ...fields,
  };
}

export function versionRecord(number: number, fields: Partial<Version> = {}): Version {
  return {
    id: `snapshot-${number}`,
    number,
    note: '',
    created_at: AT,
    created_by: 'user-1',
    created_by_name: 'Ann',
    counts: { contents: 12, intents: 3, utterances: 40, slots: 0, sequences: 1 },
    deployments: [],
    ...fields,
  };
}

export function finishedRun(version: number, passed: number, failed: number): TestRun {
  return {
    id: `run-${version}`,
    version,
    trigger: 'sync',
    job: null,
    total: passed + failed,
    passed,
    failed,
    created_at: AT,
    created_by_name: 'Ann',
    finished_at: AT,
  };
}

export function previewOf(deploymentId: string, version: number, fields: Partial<DeployPreview> = {}): DeployPreview {
  return {
    deployment_id: deploymentId,
    version,
    version_note: '',
    counts: { contents: 12, intents: 3, utterances: 40, slots: 0, sequences: 1 },
    current_version: null,
    test_run: null,
    replay: null,
    gate: { required: false, passes: true, message: null },
    ...fields,
  };
}

export function historyEntry(version: number, previous: number | null, fields: Partial<DeployHistoryEntry> = {}): DeployHistoryEntry {
  return {
    id: `entry-${version}`,
    action: 'deploy',
    version,
    previous_version: previous,
    reason: '',
    override_reason: null,
    deployed_by: 'user-1',
    deployed_by_name: 'Ann',
    deployed_at: AT,
    ...fields,
  };
}
