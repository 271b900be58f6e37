import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deploymentMessages, type DeployPreview, type Role } from '@console/contracts';
import { deploymentRecord, finishedRun, previewOf, PROJECT, versionRecord } from '@/test/deploy-fixtures';
import { apiErrorResponse, fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { DeployDialog } from './deploy-dialog';

const production = deploymentRecord({ id: 'deployment-1', display_name: 'Production', version: 7 });
const staging = deploymentRecord({ id: 'deployment-2', display_name: 'Staging', version: 9 });
const versions = [versionRecord(9, { note: 'new prices' }), versionRecord(8), versionRecord(7, { deployments: [{ id: production.id, display_name: 'Production' }] })];
const refusal = deploymentMessages.gateFailing(9, 2, 12);

/** The server: the caller's role, the project's versions, the preview of each version for Production, and deploy (or its refusal). */
function serve({ role = 'editor', preview, refuse }: { role?: Role; preview: (version: number) => DeployPreview; refuse?: string }) {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, role),
    [`GET /project/${PROJECT}/version`]: () => ({ records: versions, total: versions.length }),
    [`GET /project/${PROJECT}/deployment`]: () => ({ records: [production, staging], total: 2 }),
    [`GET /project/${PROJECT}/deployment/${production.id}/preview`]: (call) => preview(Number(call.query.get('version'))),
    [`POST /project/${PROJECT}/deployment/${production.id}/deploy`]: (call) => {
      if (refuse) return apiErrorResponse(409, 'Conflict', refuse);
      const { version } = call.body as { version: number };
      return { ...production, version };
    },
  });
}

function renderDialog(onClose = () => {}) {
  return renderWithProviders(<DeployDialog projectId={PROJECT} deployment={production} opened onClose={onClose} />);
}

const dialog = () => screen.getByRole('dialog', { name: 'Deploy to Production' });

describe('DeployDialog', () => {
  it('shows what goes live against what answers now, with its test run, before a confirmation naming both', async () => {
    const calls = serve({
      preview: (version) => previewOf(production.id, version, { current_version: 7, test_run: finishedRun(version, 10, 2), version_note: 'new prices' }),
    });
    let closed = false;
    const { user } = renderDialog(() => (closed = true));

    expect(await within(dialog()).findByText('Production: version 7 → version 9')).toBeVisible();
    expect(within(dialog()).getByText(/10 passed, 2 failed of 12/)).toBeVisible();
    expect(within(dialog()).getByRole('link', { name: 'See the run' })).toHaveAttribute('href', `/project/${PROJECT}/suite/run/run-9`);
    expect(within(dialog()).getByText(/No replay of this version/)).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/preview'))?.query.get('version')).toBe('9');

    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Spring prices{Enter}');
    await waitFor(() => expect(closed).toBe(true));
    const deploy = calls.find((call) => call.method === 'POST');
    expect(deploy?.body).toEqual({ version: 9, reason: 'Spring prices' });
  });

  it('another version chosen is previewed and named on the confirm button', async () => {
    const calls = serve({ preview: (version) => previewOf(production.id, version, { current_version: 7 }) });
    const { user } = renderDialog();
    expect(await within(dialog()).findByRole('button', { name: 'Deploy version 9 to Production' })).toBeVisible();

    await user.click(within(dialog()).getByLabelText('Version', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Version 8' }));
    expect(await within(dialog()).findByText('Production: version 7 → version 8')).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Deploy version 8 to Production' })).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/preview')).map((call) => call.query.get('version'))).toEqual(['9', '8']);
  });

  const refusing = (version: number) =>
    previewOf(production.id, version, { current_version: 7, test_run: finishedRun(version, 10, 2), gate: { required: true, passes: false, message: refusal } });

  it('a refusing gate lets a project admin deploy past it with an override reason the deploy records', async () => {
    const calls = serve({ role: 'admin', preview: refusing });
    const { user } = renderDialog();
    expect(await within(dialog()).findByText(refusal)).toBeVisible();
    const confirm = within(dialog()).getByRole('button', { name: 'Deploy version 9 to Production' });
    expect(confirm).toBeDisabled();

    await user.type(within(dialog()).getByRole('textbox', { name: /Override reason/ }), 'Hotfix for the outage');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ version: 9, reason: '', override_reason: 'Hotfix for the outage' });
  });

  it('a refusing gate offers an editor no override: the confirm stays disabled and says who may', async () => {
    serve({ role: 'editor', preview: refusing });
    renderDialog();
    expect(await within(dialog()).findByText(refusal)).toBeVisible();
    expect(within(dialog()).queryByRole('textbox', { name: /Override reason/ })).not.toBeInTheDocument();
    const confirm = within(dialog()).getByRole('button', { name: 'Deploy version 9 to Production' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(deploymentMessages.overrideNeedsAdmin);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    serve({ preview: (version) => previewOf(production.id, version, { current_version: 7 }), refuse: deploymentMessages.gateNoRun(9) });
    let closed = false;
    const { user } = renderDialog(() => (closed = true));
    await user.click(await within(dialog()).findByRole('button', { name: 'Deploy version 9 to Production' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(deploymentMessages.gateNoRun(9));
    expect(closed).toBe(false);
  });

  it("from a version's page: that version chosen, Production first among the project's deployments", async () => {
    const calls = serve({ preview: (version) => previewOf(production.id, version, { current_version: 7 }) });
    renderWithProviders(<DeployDialog projectId={PROJECT} version={8} opened onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Deploy' });
    expect(await within(dialog).findByText('Production: version 7 → version 8')).toBeVisible();
    expect(within(dialog).getByLabelText('Deployment', { selector: 'input' })).toHaveValue('Production');
    expect(within(dialog).getByLabelText('Version', { selector: 'input' })).toHaveValue('Version 8');
    expect(within(dialog).getByRole('button', { name: 'Deploy version 8 to Production' })).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/preview'))?.query.get('version')).toBe('8');
  });
});
