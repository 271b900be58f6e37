import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';

export interface RenderOptions {
  /** The URL the router starts at, query string included ('/list?offset=10'). Default '/'. */
  route?: string;
  /** The route pattern the element is mounted at (default '*': any URL). */
  path?: string;
  /** Routes beside it, e.g. the sign-in page a sign-out navigates to. */
  routes?: RouteObject[];
  /**
   * The test runs on fake timers (vi.useFakeTimers() before rendering): user-event then advances them
   * for its own pauses instead of waiting for a real clock that never moves them.
   */
  fakeTimers?: boolean;
}

/**
 * Renders `ui` as a signed-in page sees it: Mantine (env 'test': no transitions, no portals, so a modal's
 * content is in the container at once), a fresh QueryClient without retries, and a memory router whose
 * location the test reads (`location().search`). `user` is a user-event instance set up for the timers.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', routes = [], fakeTimers = false }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  const result = render(<RouterProvider router={router} />, { wrapper });
  return { ...result, user, router, queryClient, location: () => router.state.location };
}

/** Moves fake timers (and the promises they settle) on by `ms` inside act, so React shows the result. */
export async function advanceTimers(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
