import { expect, test } from '@playwright/test';
import { projectPaths } from '../src/config/paths';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

test('a walk through the main screens, each opened by its address, leaves no router warning in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const { workspaceId, projectId, deploymentId } = seeded();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn(page, users.plain);

  const screens = [
    { path: '/workspace', heading: 'Workspaces' },
    { path: `/workspace/${workspaceId}`, heading: 'Acme Support' },
    { path: `/workspace/${workspaceId}/membership`, heading: 'Workspace Members' },
    { path: `/workspace/${workspaceId}/api-key`, heading: 'API Keys' },
    { path: projectPaths.settings(projectId), heading: 'Project Settings' },
    { path: projectPaths.sources.to(projectId), heading: 'Sources' },
    { path: projectPaths.contents.to(projectId), heading: 'Content' },
    { path: projectPaths.intents.to(projectId), heading: 'Intents' },
    { path: projectPaths.slots.to(projectId), heading: 'Slots' },
    { path: projectPaths.jargon.to(projectId), heading: 'Jargon Mapper' },
    { path: projectPaths.channels.to(projectId), heading: 'Channels' },
    { path: projectPaths.deployments.to(projectId), heading: 'Deployments' },
    { path: projectPaths.deployment.to(projectId, deploymentId), heading: 'Production' },
    { path: projectPaths.dashboard.to(projectId), heading: 'Dashboard' },
    { path: projectPaths.conversations.to(projectId), heading: 'Conversations' },
    { path: '/profile', heading: 'My Profile' },
    { path: '/support', heading: 'Support' },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: screen.heading, exact: true }).first()).toBeVisible();
  }

  expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
});
