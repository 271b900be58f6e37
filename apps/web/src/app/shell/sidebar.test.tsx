import { screen } from '@testing-library/react';
import { AppShell } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { Sidebar } from './sidebar';

function renderAt(route: string) {
  fakeApi({ 'GET /session': () => projectSession('p1', 'editor') });
  return renderWithProviders(
    <AppShell>
      <Sidebar projectId="p1" onOpenTest={() => {}} testOpen={false} />
    </AppShell>,
    { route },
  );
}

describe('the sidebar', () => {
  it('marks the link of the area the user is in as the current page', () => {
    renderAt('/project/p1/conv/c1');
    expect(screen.getByRole('link', { name: 'Conversations' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the Inbox marked while a topic is being fixed in the resolver', () => {
    renderAt('/project/p1/resolver?topic=t1');
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Conversations' })).not.toHaveAttribute('aria-current');
  });
});
