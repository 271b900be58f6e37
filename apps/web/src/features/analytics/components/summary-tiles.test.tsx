import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Summary } from '@console/contracts';
import { renderWithProviders } from '@/test/render';
import { SummaryTiles } from './summary-tiles';

const summary: Summary = {
  user_count: 3,
  event_count: 20,
  error_count: 1,
  request_count: 10,
  response_count: 9,
  oos_count: 4,
  handoff_count: 0,
  conversation_count: 6,
  conv_error_count: 1,
  conv_oos_count: 3,
  liked_count: 2,
  disliked_count: 1,
};
const filters = { from: '2026-03-01', to: '2026-03-30', deploymentKey: null, realtime: true };

describe('SummaryTiles', () => {
  it('counts the liked and disliked answers, each leading to them, and the share liked', () => {
    renderWithProviders(<SummaryTiles projectId="p1" filters={filters} summary={summary} />);
    expect(screen.getByRole('link', { name: 'Liked Answers: 2' })).toHaveAttribute(
      'href',
      '/project/p1/query?issued_at__gte=2026-03-01&issued_at__lte=2026-03-30&include_realtime__eq=true&feedback__eq=up',
    );
    expect(screen.getByRole('link', { name: 'Disliked Answers: 1' }).getAttribute('href')).toContain('feedback__eq=down');
    expect(screen.getByRole('group', { name: 'Liked Rate: 67%' })).toHaveTextContent('67%');
  });

  it('shows no rate while no answer was rated', () => {
    renderWithProviders(<SummaryTiles projectId="p1" filters={filters} summary={{ ...summary, liked_count: 0, disliked_count: 0 }} />);
    expect(screen.getByRole('group', { name: 'Liked Rate: —' })).toBeVisible();
  });
});
