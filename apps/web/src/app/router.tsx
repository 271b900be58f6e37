import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { paths, projectPaths } from '@/config/paths';
import { setSessionEndedHandler } from '@/lib/api-client';
import { FullPageLoader } from '@/components/full-page-loader';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { PasswordRoute } from './routes/password-route';

const notFound = () => import('@/components/not-found').then((m) => ({ Component: m.NotFound }));

/** The sign-in screens, open to everyone. */
const signInRoute: RouteObject = {
  path: paths.login.root,
  errorElement: <RouteError />,
  children: [
    { index: true, element: <PasswordRoute /> },
    { path: paths.login.password.path, element: <PasswordRoute /> },
    { path: paths.login.reset.path, lazy: () => import('./routes/login-routes').then((m) => ({ Component: m.ResetRoute })) },
    { path: paths.login.invite.path, lazy: () => import('./routes/login-routes').then((m) => ({ Component: m.InviteRoute })) },
    { path: paths.login.forgot.path, lazy: () => import('./routes/login-routes').then((m) => ({ Component: m.ForgotRoute })) },
    { path: paths.login.mfa.path, lazy: () => import('./routes/login-routes').then((m) => ({ Component: m.MfaRoute })) },
    { path: paths.login.contact.path, lazy: () => import('./routes/login-routes').then((m) => ({ Component: m.ContactRoute })) },
    // Any other sign-in path shows the sign-in screen.
    { path: '*', element: <PasswordRoute /> },
  ],
};

/** Everything else needs a session. */
const signedInRoute: RouteObject = {
  path: paths.root,
  element: (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  ),
  errorElement: <RouteError />,
  // Everything signed in loads lazily (the shell with its first visit, each page with its own), so
  // the sign-in screens download none of it; without a session RequireAuth leaves for sign-in.
  // A page of one area loads from its feature; a page composing several (admin, a workspace's pages,
  // project members, a source's content, the staging area) lives in ./routes, as no feature imports another.
  children: [
    {
      lazy: () => import('./signed-in-layout').then((m) => ({ Component: m.SignedInLayout })),
      children: [
        { index: true, element: <Navigate to={paths.workspaces.to()} replace /> },
        { path: paths.workspaces.path, lazy: () => import('@/features/workspace/components/workspace-list-page').then((m) => ({ Component: m.WorkspaceListPage })) },
        {
          path: paths.workspace.path,
          lazy: () => import('./routes/context-routes').then((m) => ({ Component: m.WorkspaceContextRoute })),
          children: [
            { index: true, lazy: () => import('./routes/workspace/workspace-detail-page').then((m) => ({ Component: m.WorkspaceDetailPage })) },
            { path: 'membership', lazy: () => import('./routes/workspace/workspace-membership-page').then((m) => ({ Component: m.WorkspaceMembershipPage })) },
            { path: 'api-key', lazy: () => import('./routes/workspace/workspace-api-key-page').then((m) => ({ Component: m.WorkspaceApiKeyPage })) },
            { path: 'audit', lazy: () => import('./routes/workspace/workspace-audit-page').then((m) => ({ Component: m.WorkspaceAuditPage })) },
            { path: '*', lazy: notFound },
          ],
        },
        { path: paths.projects.path, lazy: () => import('@/features/project/components/project-list-page').then((m) => ({ Component: m.ProjectListPage })) },
        {
          path: paths.project.path,
          lazy: () => import('./routes/context-routes').then((m) => ({ Component: m.ProjectContextRoute })),
          // Each area loads with its first visit (the editor is heavy).
          children: [
            { index: true, lazy: () => import('./routes/project-settings-page').then((m) => ({ Component: m.ProjectSettingsRoute })) },
            { path: projectPaths.membership.path, lazy: () => import('./routes/project-membership-page').then((m) => ({ Component: m.ProjectMembershipPage })) },
            { path: projectPaths.sources.path, lazy: () => import('@/features/source/components/source-list-page').then((m) => ({ Component: m.SourceListPage })) },
            { path: projectPaths.source.path, lazy: () => import('@/features/source/components/source-detail-page').then((m) => ({ Component: m.SourceDetailPage })) },
            { path: projectPaths.sourceContent.path, lazy: () => import('./routes/source-content-page').then((m) => ({ Component: m.SourceContentPage })) },
            { path: projectPaths.contents.path, lazy: () => import('@/features/content/components/content-list-page').then((m) => ({ Component: m.ContentListPage })) },
            { path: projectPaths.content.path, lazy: () => import('@/features/content/components/content-detail-page').then((m) => ({ Component: m.ContentDetailPage })) },
            { path: projectPaths.intents.path, lazy: () => import('@/features/intent/components/intent-list-page').then((m) => ({ Component: m.IntentListPage })) },
            { path: projectPaths.intent.path, lazy: () => import('@/features/intent/components/intent-detail-page').then((m) => ({ Component: m.IntentDetailPage })) },
            { path: projectPaths.slots.path, lazy: () => import('@/features/slot/components/slot-list-page').then((m) => ({ Component: m.SlotListPage })) },
            { path: projectPaths.slot.path, lazy: () => import('@/features/slot/components/slot-detail-page').then((m) => ({ Component: m.SlotDetailPage })) },
            { path: projectPaths.scenarios.path, lazy: () => import('@/features/scenario/components/scenario-list-page').then((m) => ({ Component: m.ScenarioListPage })) },
            { path: projectPaths.scenario.path, lazy: () => import('@/features/scenario/components/scenario-detail-page').then((m) => ({ Component: m.ScenarioDetailPage })) },
            { path: projectPaths.sequences.path, lazy: () => import('@/features/sequence/components/sequence-list-page').then((m) => ({ Component: m.SequenceListPage })) },
            { path: projectPaths.sequence.path, lazy: () => import('@/features/sequence/components/sequence-builder-page').then((m) => ({ Component: m.SequenceBuilderPage })) },
            { path: projectPaths.jargon.path, lazy: () => import('@/features/jargon/components/jargon-page').then((m) => ({ Component: m.JargonPage })) },
            { path: projectPaths.channels.path, lazy: () => import('@/features/channel/components/channel-list-page').then((m) => ({ Component: m.ChannelListPage })) },
            { path: projectPaths.channel.path, lazy: () => import('@/features/channel/components/channel-detail-page').then((m) => ({ Component: m.ChannelDetailPage })) },
            { path: projectPaths.deployments.path, lazy: () => import('@/features/deployment/components/deployment-list-page').then((m) => ({ Component: m.DeploymentListPage })) },
            { path: projectPaths.deployment.path, lazy: () => import('@/features/deployment/components/deployment-detail-page').then((m) => ({ Component: m.DeploymentDetailPage })) },
            { path: projectPaths.versions.path, lazy: () => import('@/features/version/components/version-list-page').then((m) => ({ Component: m.VersionListPage })) },
            { path: projectPaths.version.path, lazy: () => import('@/features/version/components/version-detail-page').then((m) => ({ Component: m.VersionDetailPage })) },
            { path: projectPaths.replays.path, lazy: () => import('@/features/replay/components/replay-list-page').then((m) => ({ Component: m.ReplayListPage })) },
            { path: projectPaths.replay.path, lazy: () => import('@/features/replay/components/replay-detail-page').then((m) => ({ Component: m.ReplayDetailPage })) },
            { path: projectPaths.dashboard.path, lazy: () => import('@/features/analytics/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
            { path: projectPaths.conversations.path, lazy: () => import('@/features/analytics/components/conversation-list-page').then((m) => ({ Component: m.ConversationListPage })) },
            { path: projectPaths.conversation.path, lazy: () => import('@/features/analytics/components/conversation-detail-page').then((m) => ({ Component: m.ConversationDetailPage })) },
            { path: projectPaths.queries.path, lazy: () => import('@/features/analytics/components/query-list-page').then((m) => ({ Component: m.QueryListPage })) },
            // The staging area, for the provider's staff only.
            {
              lazy: () => import('./routes/stage/staff-only-route').then((m) => ({ Component: m.StaffOnlyRoute })),
              children: [
                { path: projectPaths.stage.path, lazy: () => import('./routes/stage/stage-page').then((m) => ({ Component: m.StagePage })) },
                { path: projectPaths.stageSink.path, lazy: () => import('./routes/stage/sink-page').then((m) => ({ Component: m.SinkPage })) },
                { path: projectPaths.stageContentExport.path, lazy: () => import('./routes/stage/content-export-page').then((m) => ({ Component: m.ContentExportPage })) },
              ],
            },
            { path: projectPaths.resolver.path, lazy: () => import('@/features/insight/components/resolver-page').then((m) => ({ Component: m.ResolverPage })) },
            { path: projectPaths.insight.path, lazy: () => import('@/features/insight/components/inbox-page').then((m) => ({ Component: m.InboxPage })) },
            { path: projectPaths.suite.path, lazy: () => import('@/features/suite/components/suite-page').then((m) => ({ Component: m.SuitePage })) },
            { path: projectPaths.testRun.path, lazy: () => import('@/features/suite/components/test-run-page').then((m) => ({ Component: m.TestRunPage })) },
            // A project path no page answers.
            { path: '*', lazy: notFound },
          ],
        },
        { path: paths.profile.path, lazy: () => import('@/features/user/components/profile-page').then((m) => ({ Component: m.ProfilePage })) },
        { path: paths.users.path, lazy: () => import('@/features/user/components/user-list-page').then((m) => ({ Component: m.UserListPage })) },
        { path: paths.user.path, lazy: () => import('@/features/user/components/user-detail-page').then((m) => ({ Component: m.UserDetailPage })) },
        { path: paths.admin.path, lazy: () => import('./routes/admin-page').then((m) => ({ Component: m.AdminPage })) },
        { path: paths.support.path, lazy: () => import('@/features/support/components/support-page').then((m) => ({ Component: m.SupportPage })) },
        { path: '*', lazy: notFound },
      ],
    },
  ],
};

/**
 * The console's route table, under one root whose loader stands in while the first screen's
 * lazy routes load: without one, React Router renders nothing then and warns on every first render.
 */
const routes: RouteObject[] = [{ hydrateFallbackElement: <FullPageLoader />, children: [signInRoute, signedInRoute] }];

export const router = createBrowserRouter(routes);

// A failed token refresh leaves for the password sign-in through the router (no full reload).
setSessionEndedHandler(() => {
  void router.navigate(paths.login.password.to(), { replace: true });
});
