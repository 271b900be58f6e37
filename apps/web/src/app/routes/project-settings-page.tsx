import { useParams } from 'react-router';
import { EraseConversations } from '@/features/privacy/components/erase-conversations';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';
import { ProjectSettingsPage } from '@/features/project/components/project-settings-page';
import { useProjectAccess } from '@/hooks/use-project-access';

/** Project Settings with its Privacy section and, for project admins, Erase Conversations: both the privacy area's. */
export function ProjectSettingsRoute() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  return (
    <ProjectSettingsPage
      sections={(project) => (
        <>
          <PrivacySettings key={project.id} project={project} canUpdate={permissions.canUpdatePrivacy} />
          {permissions.canEraseConversations && <EraseConversations key={`erase-${project.id}`} projectId={project.id} />}
        </>
      )}
    />
  );
}
