import { useParams } from 'react-router';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';
import { ProjectSettingsPage } from '@/features/project/components/project-settings-page';
import { useProjectAccess } from '@/hooks/use-project-access';

/** Project Settings with its Privacy section, which the privacy area owns. */
export function ProjectSettingsRoute() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  return <ProjectSettingsPage sections={(project) => <PrivacySettings key={project.id} project={project} canUpdate={permissions.canUpdatePrivacy} />} />;
}
