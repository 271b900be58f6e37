import { Card, Group, Select, Stack, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { DialogLoader } from '@/components/deploy';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { VersionDiffView } from '@/components/version-diff';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { NEWEST_VERSIONS, useVersion, useVersionDiff, useVersions } from '@/lib/api/version';
import { formatDateTime } from '@/lib/format';
import { versionChoices } from '@/lib/version-choices';
import { formatVersionCounts } from '@/lib/version-counts';
import { DeploymentBadges } from './deployment-badges';
import { VersionActions } from './version-actions';

/** A positive whole number from the URL, else null. */
function versionParam(value: string | null | undefined): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** The diff against the version in `?against=` (default the server's: Production's, else the one before), with its choice. */
function VersionComparison({ projectId, number }: { projectId: string; number: number }) {
  const [params, setParams] = useSearchParams();
  const against = versionParam(params.get('against'));
  const diff = useVersionDiff(projectId, number, against);
  const versions = useVersions(projectId, NEWEST_VERSIONS);
  const shown = against ?? diff.data?.from ?? null;
  const options = versionChoices(versions.data?.records ?? []).filter((option) => option.value !== String(number));
  if (shown !== null && !options.some((option) => option.value === String(shown))) options.push({ value: String(shown), label: `Version ${shown}` });

  return (
    <Card withBorder padding="md" component="section" aria-label="Changes">
      <Group justify="space-between" align="flex-end" mb="md">
        <Title order={3} size="h4">
          Changes
        </Title>
        <Select
          label="Compare with"
          placeholder="Nothing to compare with"
          data={options}
          value={shown === null ? null : String(shown)}
          onChange={(value) => {
            if (!value) return;
            setParams(
              (current) => {
                current.set('against', value);
                return current;
              },
              { replace: true },
            );
          }}
          allowDeselect={false}
          searchable
          w={320}
        />
      </Group>
      {diff.isPending ? (
        <DialogLoader label="Loading the changes" />
      ) : diff.isError ? (
        <ErrorView error={diff.error} title="The changes could not be loaded" />
      ) : (
        <VersionDiffView diff={diff.data} />
      )}
    </Card>
  );
}

/**
 * project/{id}/version/{number}: what the version holds, its note, who synced it and when, the
 * deployments answering from it, its actions, and what changed against another version.
 */
export function VersionDetailPage() {
  const { projectId = '', versionNumber } = useParams();
  const number = versionParam(versionNumber) ?? 0;
  const { permissions } = useProjectAccess(projectId);
  const query = useVersion(projectId, number);
  const parent = { label: 'Versions', to: projectPaths.versions.to(projectId) };

  if (query.isPending) return <FullPageLoader label="Loading version" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title={`Version ${versionNumber ?? ''}`} />
        <ErrorView error={query.error} />
      </>
    );
  }
  const version = query.data;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={`Version ${version.number}`}>
        {permissions.canUpdateProject && <VersionActions projectId={projectId} version={version.number} />}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <Card withBorder padding="md" component="section" aria-label="Version details">
          <DetailList
            items={[
              { label: 'Note', value: version.note || '—' },
              { label: 'Synced by', value: version.created_by_name ?? '—' },
              { label: 'Synced', value: formatDateTime(version.created_at) },
              { label: 'Holds', value: formatVersionCounts(version.counts) },
              {
                label: 'Answering',
                value: <DeploymentBadges projectId={projectId} deployments={version.deployments} none="No deployment answers from this version." />,
              },
            ]}
          />
        </Card>
        <VersionComparison projectId={projectId} number={version.number} />
      </Stack>
    </>
  );
}
