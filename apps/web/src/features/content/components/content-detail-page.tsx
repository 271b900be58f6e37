import { useState } from 'react';
import { Button, Card, SimpleGrid, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useDeleteContent } from '../api/delete-content';
import { useContent } from '../api/get-content';
import { ContentActions } from './content-actions';
import { ContentDetails } from './content-details';
import { ContentResponseEditor } from './content-response-editor';
import { ContentSettingsForm } from './content-settings-form';
import { ContentUtterances } from './content-utterances';

/**
 * project/{id}/content/{contentId}: the item's card, subject and status, the
 * Response editor, its utterances and its actions; Delete Content goes back to the list.
 */
export function ContentDetailPage() {
  const { projectId = '', contentId = '' } = useParams();
  const navigate = useNavigate();
  const { permissions } = useProjectAccess(projectId);
  const query = useContent(contentId);
  const remove = useDeleteContent();
  const [deleting, setDeleting] = useState(false);
  const parent = { label: 'All Content', to: projectPaths.contents.to(projectId) };

  if (query.isPending) return <FullPageLoader label="Loading content" />;
  if (query.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Content" />
        <ErrorView error={query.error} />
      </>
    );
  }
  const content = query.data;

  return (
    <>
      <ProjectSubPageHeader parent={parent} title={content.subject}>
        {permissions.canDeleteSubProject && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            Delete Content
          </Button>
        )}
      </ProjectSubPageHeader>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <ContentDetails content={content} />
          {permissions.canUpdateSubProject && (
            <Card withBorder padding="md" component="section" aria-label="Edit content">
              <ContentSettingsForm key={content.id} content={content} canChangeStatus={permissions.canDeleteSubProject} />
            </Card>
          )}
        </SimpleGrid>
        <Card withBorder padding="md" component="section" aria-label="Response">
          <ContentResponseEditor key={content.id} content={content} canUpdate={permissions.canUpdateSubProject} />
        </Card>
        <ContentUtterances contentId={content.id} permissions={permissions} />
        <ContentActions contentId={content.id} permissions={permissions} />
      </Stack>
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Content"
        message={`Delete the content item ${content.subject} with its utterances and actions?`}
        onConfirm={async () => {
          await remove.mutateAsync(content.id);
          navigate(projectPaths.contents.to(projectId));
        }}
      />
    </>
  );
}
