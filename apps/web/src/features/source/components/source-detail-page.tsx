import { useState } from 'react';
import { Anchor, Badge, Card, Stack, Text } from '@mantine/core';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { IconArrowDownRight, IconCloudDownload, IconPencil } from '@tabler/icons-react';
import { pullableSourceTypes, sourceDowngrades, type ProjectPermissions, type Source } from '@console/contracts';
import { ActionsMenu } from '@/components/actions-menu';
import { ConfirmDeleteRecord } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FormModal } from '@/components/form-modal';
import { FullPageLoader } from '@/components/full-page-loader';
import { NotFound } from '@/components/not-found';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { formatDateTime } from '@/lib/format';
import { useDeleteSource } from '../api/delete-source';
import { useSource } from '../api/get-source';
import { sourceDeletion, sourceTypeLabels } from '../source-types';
import { useSourcePulling } from '../use-source-pulling';
import { DowngradeSourceModal, downgradeSummary } from './downgrade-source-modal';
import { SourceKb } from './source-kb';
import { SourcePullStatus } from './source-pull-status';
import { SourceTypeCard } from './source-type-card';
import { UpdateSourceForm } from './update-source-form';

const sourcesLink = (projectId: string) => ({ label: 'Sources', to: projectPaths.sources.to(projectId) });

function SourceDetails({ source }: { source: Source }) {
  return (
    <Card withBorder padding="md" component="section" aria-label="Source details">
      <DetailList
        items={[
          { label: 'Name', value: source.display_name },
          { label: 'Updated', value: formatDateTime(source.updated_at) },
          {
            label: 'Type',
            value: (
              <Badge variant="light" color="gray" tt="none" radius="sm">
                {sourceTypeLabels[source.type]}
              </Badge>
            ),
          },
          { label: 'ID', value: <Text ff="monospace" size="xs">{source.id}</Text> },
          {
            label: 'Content',
            value: (
              <Anchor component={Link} to={projectPaths.sourceContent.to(source.project_id, source.id)} size="sm">
                View Content
              </Anchor>
            ),
          },
        ]}
      />
    </Card>
  );
}

function SourceView({ source, permissions }: { source: Source; permissions: ProjectPermissions }) {
  const navigate = useNavigate();
  const pulling = useSourcePulling(source);
  const remove = useDeleteSource(source.project_id);
  const [open, setOpen] = useState<'update' | 'downgrade' | 'delete' | null>(null);
  const close = () => setOpen(null);
  const downgradeTo = sourceDowngrades[source.type];
  const canUpdate = permissions.canUpdateSubProject;

  return (
    <>
      <ProjectSubPageHeader parent={sourcesLink(source.project_id)} title={source.display_name}>
        <ActionsMenu
          actions={[
            canUpdate && { label: 'Update', icon: <IconPencil size={14} />, onClick: () => setOpen('update') },
            canUpdate &&
              downgradeTo !== undefined && {
                label: 'Downgrade',
                icon: <IconArrowDownRight size={14} />,
                onClick: () => setOpen('downgrade'),
                description: downgradeSummary(downgradeTo),
              },
            canUpdate &&
              pullableSourceTypes.includes(source.type) && {
                label: 'Pull',
                icon: <IconCloudDownload size={14} />,
                onClick: pulling.start,
                disabled: pulling.running,
              },
          ]}
          onDelete={permissions.canDeleteSubProject ? () => setOpen('delete') : undefined}
        />
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <SourceDetails source={source} />
        <SourcePullStatus pull={pulling.pull} startError={pulling.startError} />
        {/* A new type brings a new card: its form must not keep the old type's values. */}
        <SourceTypeCard key={source.type} source={source} canUpdate={canUpdate} />
        <SourceKb source={source} />
      </Stack>

      <FormModal opened={open === 'update'} onClose={close} title="Update Source">
        <UpdateSourceForm source={source} onClose={close} />
      </FormModal>
      {downgradeTo && (
        <DowngradeSourceModal source={source} target={downgradeTo} opened={open === 'downgrade'} onClose={close} />
      )}
      <ConfirmDeleteRecord
        {...sourceDeletion}
        name={open === 'delete' ? source.display_name : null}
        onClose={close}
        onConfirm={async () => {
          await remove.mutateAsync(source.id);
          void navigate(projectPaths.sources.to(source.project_id));
        }}
      />
    </>
  );
}

/** /project/{projectId}/source/{sourceId}. */
export function SourceDetailPage() {
  const { projectId = '', sourceId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const source = useSource(sourceId);

  if (!sourceId) return <NotFound />;
  if (source.isPending) return <FullPageLoader label="Loading source" />;
  if (source.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={sourcesLink(projectId)} title="Source" />
        <ErrorView error={source.error} />
      </>
    );
  }
  // A link that names another project: show the source under its own project (and its rights).
  if (source.data.project_id !== projectId) {
    return <Navigate to={projectPaths.source.to(source.data.project_id, source.data.id)} replace />;
  }
  return <SourceView source={source.data} permissions={permissions} />;
}
