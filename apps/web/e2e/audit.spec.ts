import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { auditExportFileName, type Project } from '@console/contracts';
import { call, signInToken } from './support/api';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

test('a workspace admin reads who changed what in the Audit Log, filters it and exports it as CSV', async ({ page, request }) => {
  const { workspaceId } = seeded();
  const token = await signInToken(request, users.plain);
  const project = await call<Project>(request, 'post', `/workspace/${workspaceId}/project`, token, { display_name: 'Audited Desk' });
  await call(request, 'put', `/project/${project.id}`, token, { response_word_cutoff: 77 });

  await signIn(page, users.plain);
  await page.goto(`/workspace/${workspaceId}`);
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit Log' });
  const changed = log.getByRole('row').filter({ hasText: 'Settings changed' }).filter({ hasText: 'Audited Desk' });
  await expect(changed).toContainText(users.plain.email);
  await expect(changed).toContainText('response_word_cutoff: 200 → 77');
  await expect(log.getByRole('row').filter({ hasText: 'Project created' }).filter({ hasText: 'Audited Desk' })).toHaveCount(1);

  // Filtered to one action, the export holds exactly what the list shows.
  await page.goto(`/workspace/${workspaceId}/audit?action__eq=project.settings_changed`);
  await expect(log.getByRole('row').filter({ hasText: 'Audited Desk' })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: 'Project created' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(auditExportFileName(workspaceId, new Date()));
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toContain('created_at,action,actor_type');
  expect(csv).toContain('Audited Desk');
  expect(csv).not.toContain('project.created');
});

test('a super user reads sign-ins, which belong to no workspace, in the Admin Panel', async ({ page }) => {
  await signIn(page, users.admin);
  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Audit Log' });
  await expect(section.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: users.admin.email }).first()).toBeVisible();
});
