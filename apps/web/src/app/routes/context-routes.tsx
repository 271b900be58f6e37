import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { useProject } from '@/lib/api/get-project';
import { setCurrentProject, setCurrentProjectIn, setCurrentWorkspace } from '@/lib/storage';

/** Visiting a workspace route makes it the current workspace (which clears project and deployment if it changed). */
export function WorkspaceContextRoute() {
  const { workspaceId } = useParams();
  useEffect(() => {
    if (workspaceId) setCurrentWorkspace(workspaceId);
  }, [workspaceId]);
  return <Outlet />;
}

/**
 * Visiting a project route makes it the current project (clears deployment if it changed); once the
 * project is read, its workspace becomes current too, so a project link opened directly has the
 * whole context (the header's Project button, the session's workspace role).
 */
export function ProjectContextRoute() {
  const { projectId = '' } = useParams();
  const workspaceId = useProject(projectId).data?.workspace_id;
  useEffect(() => {
    if (projectId) setCurrentProject(projectId);
  }, [projectId]);
  useEffect(() => {
    if (projectId && workspaceId) setCurrentProjectIn(workspaceId, projectId);
  }, [projectId, workspaceId]);
  return <Outlet />;
}
