import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListResponse, Role, Sequence } from '@console/contracts';
import { nameColumn, useListQuery } from '@/components/data-table';
import { sequenceApi } from '@/lib/api/sequence-api';
import { fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ProjectRecordListPage } from './project-record-list-page';

const PROJECT = 'project-1';

const greeting: Sequence = {
  id: 'sequence-1',
  project_id: PROJECT,
  name: 'Greeting',
  nodes: [],
  transitions: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

/** A project's sequences on the shared list page, wired as the sequence feature wires it (its Create button stands in). */
function SequencesPage() {
  const list = useListQuery(sequenceApi.contracts.list);
  return (
    <ProjectRecordListPage<Sequence>
      projectId={PROJECT}
      title="Sequences"
      create={<Button>Create Sequence</Button>}
      createLabel="Create Sequence"
      columns={[nameColumn<Sequence>(undefined, 'name')]}
      list={list}
      query={sequenceApi.useList(PROJECT, list.apiQuery)}
      rowKey={(sequence) => sequence.id}
      rowName={(sequence) => sequence.name}
      remove={sequenceApi.useDelete(PROJECT)}
      confirmation={{ noun: 'Sequence' }}
    />
  );
}

/**
 * The server: the session with the caller's role on a project, the project's sequences, and their
 * deletion. The list answers only once the session has, so a button missing beside the rows is the
 * page's decision, not a session still on its way.
 */
function serve({ role, project = PROJECT, sequences = [greeting] }: { role: Role | null; project?: string; sequences?: Sequence[] }) {
  let records = sequences;
  let sessionAnswered!: () => void;
  const session = new Promise<void>((resolve) => {
    sessionAnswered = resolve;
  });
  return fakeApi({
    'GET /session': () => {
      sessionAnswered();
      return projectSession(project, role);
    },
    [`GET /project/${PROJECT}/sequence`]: async (): Promise<ListResponse<Sequence>> => {
      await session;
      return { records, total: records.length };
    },
    [`DELETE /sequence/${greeting.id}`]: () => {
      records = records.filter((sequence) => sequence.id !== greeting.id);
    },
  });
}

function renderPage() {
  return renderWithProviders(<SequencesPage />, { route: `/project/${PROJECT}/sequence` });
}

const createButton = () => screen.queryByRole('button', { name: 'Create Sequence' });
const rowMenuButton = () => screen.queryByRole('button', { name: `Actions for ${greeting.name}` });

describe("ProjectRecordListPage: Create and Delete by the caller's role on the project", () => {
  it.each([
    ['viewer', false, false],
    ['editor', true, false],
    ['admin', true, true],
  ] as const)('a project %s: Create shown %s, Delete in the row menu %s', async (role, create, remove) => {
    serve({ role });
    const { user } = renderPage();
    expect(await screen.findByText(greeting.name)).toBeInTheDocument();

    if (create) expect(createButton()).toBeVisible();
    else expect(createButton()).not.toBeInTheDocument();

    if (!remove) {
      // No menu at all: a row whose only action is not allowed gets no button that opens nothing.
      expect(rowMenuButton()).not.toBeInTheDocument();
      return;
    }
    await user.click(rowMenuButton()!);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  });

  it('shows no button while the session is about another project, even to its admin', async () => {
    serve({ role: 'admin', project: 'project-2' });
    renderPage();
    expect(await screen.findByText(greeting.name)).toBeInTheDocument();
    expect(createButton()).not.toBeInTheDocument();
    expect(rowMenuButton()).not.toBeInTheDocument();
  });

  it.each([
    ['a viewer', 'viewer', 'Editors and admins of the project create them.'],
    ['an editor', 'editor', 'Create Sequence adds the first one.'],
  ] as const)('an empty list tells %s who creates the first one', async (_, role, hint) => {
    serve({ role, sequences: [] });
    renderPage();
    expect(await screen.findByText(hint)).toBeVisible();
    expect(screen.getByText('No sequences yet.')).toBeVisible();
  });

  it('an admin deletes a row after confirming, and the list no longer shows it', async () => {
    const calls = serve({ role: 'admin' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: `Actions for ${greeting.name}` }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Sequence' });
    expect(dialog).toHaveTextContent(`Delete the sequence ${greeting.name}?`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No sequences yet.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Delete Sequence' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/sequence/${greeting.id}`]);
  });
});
