import { projectPermissions, type Session } from '@console/contracts';
import { useDeployment } from '../api/get-deployment';
import { DeployButton } from './deploy-button';

/** The header's Deploy: the session's project and the deployment chosen in the app state (a visited deployment). */
export function SessionDeployButton({ session }: { session: Session | undefined }) {
  const project = session?.project ?? null;
  const chosenId = session?.deployment?.id ?? null;
  const chosen = useDeployment(project?.id ?? '', chosenId);
  // A chosen deployment the project does not have (deleted, or of another project) is no choice.
  const deployment = chosen.data && chosen.data.id === chosenId ? { id: chosen.data.id, display_name: chosen.data.display_name } : null;
  const canDeploy = session ? projectPermissions(session.user, session.project_role).canUpdateProject : false;

  return (
    <DeployButton
      projectId={project?.id ?? null}
      deployment={deployment}
      synced={Boolean(project?.synced_at)}
      canDeploy={canDeploy}
    />
  );
}
