import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { setCurrentProject, setCurrentWorkspace } from '@/lib/storage';

/** Visiting a workspace route makes it the current workspace (which clears project and deployment if it changed). */
export function WorkspaceContextRoute() {
  const { workspaceId } = useParams();
  useEffect(() => {
    if (workspaceId) setCurrentWorkspace(workspaceId);
  }, [workspaceId]);
  return <Outlet />;
}

/** Visiting a project route makes it the current project (clears deployment if it changed); the workspace stays. */
export function ProjectContextRoute() {
  const { projectId } = useParams();
  useEffect(() => {
    if (projectId) setCurrentProject(projectId);
  }, [projectId]);
  return <Outlet />;
}
