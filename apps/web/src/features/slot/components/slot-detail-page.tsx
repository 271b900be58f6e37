import { useState } from 'react';
import { Button, Card, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { slotBody, type Slot } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { DetailList } from '@/components/detail-list';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { projectPaths } from '@/config/paths';
import { ProjectSubPageHeader } from '@/features/project/components/project-sub-page-header';
import { useProjectAccess } from '@/features/project/use-project-access';
import { formatDateTime } from '@/lib/format';
import { useDeleteSlot } from '../api/delete-slot';
import { useSlot } from '../api/get-slot';
import { useUpdateSlot } from '../api/update-slot';
import { SlotFields, type SlotValues } from './slot-fields';

/** Name and terms with Save for those who may update; read-only for the others. */
function SlotEditor({ slot, canUpdate }: { slot: Slot; canUpdate: boolean }) {
  const mutation = useUpdateSlot(slot.id);
  const form = useEntityForm({
    schema: slotBody,
    initialValues: { name: slot.name, terms: slot.terms } as SlotValues,
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return canUpdate ? (
    <EntityForm form={form} submitLabel="Save">
      <SlotFields form={form} />
    </EntityForm>
  ) : (
    <Stack gap="sm">
      <SlotFields form={form} readOnly />
    </Stack>
  );
}

/** project/{id}/slot/{slotId}: details, the editor, Delete Slot (back to the list). */
export function SlotDetailPage() {
  const { projectId = '', slotId = '' } = useParams();
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const query = useSlot(slotId);
  const remove = useDeleteSlot(projectId);
  const [deleting, setDeleting] = useState(false);
  const parent = { label: 'Slots', to: projectPaths.slots.to(projectId) };

  if (query.isPending) return <FullPageLoader label="Loading slot" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Slot" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const slot = query.data;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={slot.name}>
        {permissions.canDeleteSubProject && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            Delete Slot
          </Button>
        )}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <Card withBorder padding="md" component="section" aria-label="Slot details">
          <DetailList
            items={[
              { label: 'ID', value: <Text ff="monospace" size="xs">{slot.id}</Text> },
              { label: 'Created', value: formatDateTime(slot.created_at) },
              { label: 'Modified', value: formatDateTime(slot.updated_at) },
            ]}
          />
        </Card>
        <Card withBorder padding="md" component="section" aria-label="Edit slot">
          <SlotEditor key={slot.id} slot={slot} canUpdate={permissions.canUpdateSubProject} />
        </Card>
      </Stack>
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Slot"
        message={`Delete the slot ${slot.name}?`}
        onConfirm={async () => {
          await remove.mutateAsync(slot.id);
          navigate(projectPaths.slots.to(projectId));
        }}
      />
    </>
  );
}
