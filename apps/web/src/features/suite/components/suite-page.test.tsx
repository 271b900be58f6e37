import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@console/contracts';
import { fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PROJECT, testCaseRecord, testRunRecord } from '@/test/suite-fixtures';
import { SuitePage } from './suite-page';

const older = testRunRecord({ id: 'run-1', version: 3, created_at: '2025-02-28T10:00:00.000Z' });
const newer = testRunRecord({ id: 'run-2', version: 4, created_at: '2025-03-01T10:00:00.000Z' });

function serve(role: Role) {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, role),
    [`GET /project/${PROJECT}/test-case`]: () => ({ records: [testCaseRecord()], total: 1 }),
    [`GET /project/${PROJECT}/test-run`]: () => ({ records: [newer, older], total: 2 }),
  });
}

function renderPage() {
  return renderWithProviders(<SuitePage />, {
    route: `/project/${PROJECT}/suite`,
    path: '/project/:projectId/suite',
    routes: [{ path: '/project/:projectId/suite/run/:runId', element: <p>Run page</p> }],
  });
}

describe('SuitePage', () => {
  it.each([
    ['viewer', false],
    ['editor', true],
  ] as const)('a project %s: writing, importing and running cases shown %s; exporting always', async (role, writes) => {
    serve(role);
    renderPage();
    expect(await screen.findByText('When do you open?')).toBeVisible();
    await screen.findByRole('button', { name: 'Export' });
    for (const name of ['Create Test Case', 'Import', 'Run tests']) {
      if (writes) expect(await screen.findByRole('button', { name })).toBeVisible();
      else expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('two chosen runs open as a comparison of the newer from the older, whichever was chosen first', async () => {
    serve('viewer');
    const { user, location } = renderPage();
    const runs = await screen.findByRole('table', { name: 'Test runs' });
    const compare = screen.getByRole('button', { name: 'Compare' });
    await user.click(await within(runs).findByRole('checkbox', { name: /version 3/ }));
    expect(compare).toBeDisabled();
    expect(screen.getByText('Choose two runs to compare (1 chosen)')).toBeVisible();

    await user.click(within(runs).getByRole('checkbox', { name: /version 4/ }));
    await user.click(compare);
    expect(location().pathname).toBe(`/project/${PROJECT}/suite/run/run-2`);
    expect(location().search).toBe('?against=run-1');
  });
});
