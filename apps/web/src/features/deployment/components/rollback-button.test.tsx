import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deploymentMessages, type DeployHistoryEntry } from '@console/contracts';
import { deploymentRecord, historyEntry, PROJECT } from '@/test/deploy-fixtures';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { RollbackButton } from './rollback-button';

const production = deploymentRecord({ id: 'deployment-1', display_name: 'Production', version: 9 });

/** The server: the deployment's deploy history (newest first) and its rollback. */
function serve(history: DeployHistoryEntry[]) {
  return fakeApi({
    [`GET /project/${PROJECT}/deployment/${production.id}/history`]: (call) => {
      const limit = Number(call.query.get('limit'));
      return { records: history.slice(0, limit), total: history.length };
    },
    [`POST /project/${PROJECT}/deployment/${production.id}/rollback`]: () => ({ ...production, version: 7 }),
  });
}

describe('RollbackButton', () => {
  it('asks first, naming the deployment, the version it answers from and the one it goes back to', async () => {
    const calls = serve([historyEntry(9, 7), historyEntry(7, null)]);
    const { user } = renderWithProviders(<RollbackButton deployment={production} />);
    await user.click(await screen.findByRole('button', { name: 'Rollback' }));

    const dialog = screen.getByRole('dialog', { name: 'Roll back Production' });
    expect(within(dialog).getByText('Roll back Production from version 9 to version 7?')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Wrong prices');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back to version 7' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Wrong prices' });
  });

  it('Cancel rolls nothing back', async () => {
    const calls = serve([historyEntry(9, 7)]);
    const { user } = renderWithProviders(<RollbackButton deployment={production} />);
    await user.click(await screen.findByRole('button', { name: 'Rollback' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is disabled, saying why, when the deployment has no earlier version', async () => {
    serve([historyEntry(9, null)]);
    const { user } = renderWithProviders(<RollbackButton deployment={production} />);
    const button = screen.getByRole('button', { name: 'Rollback' });
    await waitFor(() => expect(button).toHaveAccessibleDescription(deploymentMessages.noEarlierVersion));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
