import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { NotFound } from '@/components/not-found';
import { paths, projectPaths } from '@/config/paths';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ProjectPage } from '@/features/project/components/project-page';
import { SupportPage } from '@/features/support/components/support-page';
import { ProfilePage } from '@/features/user/components/profile-page';
import { UserDetailPage } from '@/features/user/components/user-detail-page';
import { UserListPage } from '@/features/user/components/user-list-page';
import { WorkspaceApiKeyPage } from '@/features/workspace/components/workspace-api-key-page';
import { WorkspaceDetailPage } from '@/features/workspace/components/workspace-detail-page';
import { WorkspaceListPage } from '@/features/workspace/components/workspace-list-page';
import { WorkspaceMembershipPage } from '@/features/workspace/components/workspace-membership-page';
import { setSessionEndedHandler } from '@/lib/api-client';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { ForgotRoute, InviteRoute, MfaRoute, PasswordRoute, ResetRoute } from './routes/login-routes';
import { ProjectContextRoute, WorkspaceContextRoute } from './routes/context-routes';
import { AppLayout } from './shell/app-layout';

/** The route table of console.md §2. */
export const routes: RouteObject[] = [
  {
    path: paths.login.root,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <PasswordRoute /> },
      { path: paths.login.password.path, element: <PasswordRoute /> },
      { path: paths.login.reset.path, element: <ResetRoute /> },
      { path: paths.login.invite.path, element: <InviteRoute /> },
      { path: paths.login.forgot.path, element: <ForgotRoute /> },
      { path: paths.login.mfa.path, element: <MfaRoute /> },
      // Any other sign-in path shows the sign-in screen.
      { path: '*', element: <PasswordRoute /> },
    ],
  },
  {
    path: paths.root,
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.workspaces.to()} replace /> },
      { path: paths.workspaces.path, element: <WorkspaceListPage /> },
      {
        path: paths.workspace.path,
        element: <WorkspaceContextRoute />,
        children: [
          { index: true, element: <WorkspaceDetailPage /> },
          { path: 'membership', element: <WorkspaceMembershipPage /> },
          { path: 'api-key', element: <WorkspaceApiKeyPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        path: paths.project.path,
        element: <ProjectContextRoute />,
        // Each area loads with its first visit, so the sign-in screens stay small (the editor is heavy).
        children: [
          { index: true, lazy: () => import('@/features/project/components/project-settings-page').then((m) => ({ Component: m.ProjectSettingsPage })) },
          { path: projectPaths.membership.path, lazy: () => import('@/features/project/components/project-membership-page').then((m) => ({ Component: m.ProjectMembershipPage })) },
          { path: projectPaths.sources.path, lazy: () => import('@/features/source/components/source-list-page').then((m) => ({ Component: m.SourceListPage })) },
          { path: projectPaths.source.path, lazy: () => import('@/features/source/components/source-detail-page').then((m) => ({ Component: m.SourceDetailPage })) },
          { path: projectPaths.sourceContent.path, lazy: () => import('@/features/source/components/source-content-page').then((m) => ({ Component: m.SourceContentPage })) },
          { path: projectPaths.contents.path, lazy: () => import('@/features/content/components/content-list-page').then((m) => ({ Component: m.ContentListPage })) },
          { path: projectPaths.content.path, lazy: () => import('@/features/content/components/content-detail-page').then((m) => ({ Component: m.ContentDetailPage })) },
          { path: projectPaths.intents.path, lazy: () => import('@/features/intent/components/intent-list-page').then((m) => ({ Component: m.IntentListPage })) },
          { path: projectPaths.intent.path, lazy: () => import('@/features/intent/components/intent-detail-page').then((m) => ({ Component: m.IntentDetailPage })) },
          { path: projectPaths.slots.path, lazy: () => import('@/features/slot/components/slot-list-page').then((m) => ({ Component: m.SlotListPage })) },
          { path: projectPaths.slot.path, lazy: () => import('@/features/slot/components/slot-detail-page').then((m) => ({ Component: m.SlotDetailPage })) },
          { path: projectPaths.jargon.path, lazy: () => import('@/features/jargon/components/jargon-page').then((m) => ({ Component: m.JargonPage })) },
          // Areas of later releases.
          { path: '*', element: <ProjectPage /> },
        ],
      },
      { path: paths.profile.path, element: <ProfilePage /> },
      { path: paths.users.path, element: <UserListPage /> },
      { path: paths.user.path, element: <UserDetailPage /> },
      { path: paths.admin.path, element: <AdminPage /> },
      { path: paths.support.path, element: <SupportPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A failed token refresh leaves for the password sign-in through the router (no full reload).
setSessionEndedHandler(() => {
  void router.navigate(paths.login.password.to(), { replace: true });
});
