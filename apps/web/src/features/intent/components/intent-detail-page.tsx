import { useState } from 'react';
import { Button, Card, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { intentBody, type Intent } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { projectPaths } from '@/config/paths';
import { ProjectSubPageHeader } from '@/features/project/components/project-sub-page-header';
import { useProjectAccess } from '@/features/project/use-project-access';
import { formatDateTime } from '@/lib/format';
import { useDeleteIntent } from '../api/delete-intent';
import { useIntent } from '../api/get-intent';
import { useUpdateIntent } from '../api/update-intent';
import { IntentFields, type IntentValues } from './intent-fields';

/** Name and utterances with Save for those who may update; read-only for the others. */
function IntentEditor({ intent, canUpdate }: { intent: Intent; canUpdate: boolean }) {
  const mutation = useUpdateIntent(intent.id);
  const form = useEntityForm({
    schema: intentBody,
    initialValues: { intent: intent.intent, utterances: intent.utterances } as IntentValues,
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return canUpdate ? (
    <EntityForm form={form} submitLabel="Save">
      <IntentFields form={form} />
    </EntityForm>
  ) : (
    <Stack gap="sm">
      <IntentFields form={form} readOnly />
    </Stack>
  );
}

/** project/{id}/intent/{intentId}: details, the editor, Delete Intent (back to the list). */
export function IntentDetailPage() {
  const { projectId = '', intentId = '' } = useParams();
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const query = useIntent(intentId);
  const remove = useDeleteIntent(projectId);
  const [deleting, setDeleting] = useState(false);
  const parent = { label: 'Intents', to: projectPaths.intents.to(projectId) };

  if (query.isPending) return <FullPageLoader label="Loading intent" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Intent" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const intent = query.data;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={intent.intent}>
        {permissions.canDeleteSubProject && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            Delete Intent
          </Button>
        )}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <Card withBorder padding="md" component="section" aria-label="Intent details">
          <DetailList
            items={[
              { label: 'ID', value: <Text ff="monospace" size="xs">{intent.id}</Text> },
              { label: 'Created', value: formatDateTime(intent.created_at) },
              { label: 'Modified', value: formatDateTime(intent.updated_at) },
            ]}
          />
        </Card>
        <Card withBorder padding="md" component="section" aria-label="Edit intent">
          <IntentEditor key={intent.id} intent={intent} canUpdate={permissions.canUpdateSubProject} />
        </Card>
      </Stack>
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Intent"
        message={`Delete the intent ${intent.intent}?`}
        onConfirm={async () => {
          await remove.mutateAsync(intent.id);
          navigate(projectPaths.intents.to(projectId));
        }}
      />
    </>
  );
}
