import { useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { PageTitle } from '@/components/page-title';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useProject } from '@/lib/api/get-project';
import { JargonEditor } from './jargon-editor';

/** project/{id}/jargon: the Jargon Mapper, editable with canUpdateSubProject, read-only otherwise. */
export function JargonPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const project = useProject(projectId);

  if (project.isPending) return <FullPageLoader label="Loading jargon" />;
  if (project.isError) {
    return (
      <>
        <PageTitle title="Jargon Mapper" />
        <ErrorView error={project.error} />
      </>
    );
  }
  return <JargonEditor key={projectId} project={project.data} canUpdate={permissions.canUpdateSubProject} />;
}
