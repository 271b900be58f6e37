import { fireEvent, screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INACTIVITY_COUNTDOWN_TICK_MS,
  INACTIVITY_LIMIT_MS,
  INACTIVITY_SHARE_MS,
  INACTIVITY_WARNING_MS,
  LAST_ACTIVITY_STORAGE_KEY,
} from '@console/contracts';
import { AppModal, ModalSuppressionProvider } from '@/components/app-modal';
import { paths } from '@/config/paths';
import { getSignInNotice } from '@/lib/storage';
import { advanceTimers, renderWithProviders } from '@/test/render';
import { InactivityMonitor } from './inactivity-monitor';

/** Idle time after which the warning shows. */
const WARN_AFTER_MS = INACTIVITY_LIMIT_MS - INACTIVITY_WARNING_MS;
const TIMEOUT_NOTICE = 'You were signed out after a period of inactivity.';

/** The sign-in screen a sign-out lands on, showing the note left for it. */
function SignInScreen() {
  return <p data-testid="sign-in">{getSignInNotice() ?? 'Signed out'}</p>;
}

function renderMonitor(page = <InactivityMonitor />) {
  return renderWithProviders(page, {
    route: '/workspace',
    routes: [{ path: `${paths.login.root}/${paths.login.password.path}`, element: <SignInScreen /> }],
    fakeTimers: true,
  });
}

/** What another tab of the console writes when its user is active there. */
const activeInAnotherTab = () => localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));

const warning = () => screen.queryByRole('dialog', { name: 'Session Timeout Warning' });
const secondsLeft = () => Number(screen.getByTestId('inactivity-seconds').textContent);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('InactivityMonitor', () => {
  it('warns after the idle time with a countdown, and signs out with a notice at zero', async () => {
    const { location } = renderMonitor();

    await advanceTimers(WARN_AFTER_MS - 1);
    expect(warning()).not.toBeInTheDocument();
    await advanceTimers(1);
    expect(warning()).toBeInTheDocument();
    expect(secondsLeft()).toBe(INACTIVITY_WARNING_MS / 1000);

    await advanceTimers(1000);
    expect(secondsLeft()).toBe(INACTIVITY_WARNING_MS / 1000 - 1);
    await advanceTimers(INACTIVITY_WARNING_MS - 1000 - INACTIVITY_COUNTDOWN_TICK_MS);
    expect(secondsLeft()).toBe(1);
    expect(location().pathname).toBe('/workspace');

    await advanceTimers(INACTIVITY_COUNTDOWN_TICK_MS);
    expect(location().pathname).toBe(paths.login.password.to());
    expect(screen.getByTestId('sign-in')).toHaveTextContent(TIMEOUT_NOTICE);
  });

  it('counts from the last activity: a key pressed before the warning postpones it', async () => {
    renderMonitor();

    await advanceTimers(WARN_AFTER_MS - 1000);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advanceTimers(WARN_AFTER_MS - 1);
    expect(warning()).not.toBeInTheDocument();
    await advanceTimers(1);
    expect(warning()).toBeInTheDocument();
  });

  it('stays up while the mouse moves, and Stay Logged In closes it and starts the idle time again', async () => {
    const { user, location } = renderMonitor();

    await advanceTimers(WARN_AFTER_MS);
    fireEvent.mouseMove(document.body);
    await advanceTimers(1000);
    expect(warning()).toBeInTheDocument();
    expect(secondsLeft()).toBe(INACTIVITY_WARNING_MS / 1000 - 1);

    await user.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    expect(warning()).not.toBeInTheDocument();

    // Past the moment the first warning would have signed out: still here, no warning until a new idle time.
    await advanceTimers(WARN_AFTER_MS - 1);
    expect(warning()).not.toBeInTheDocument();
    expect(location().pathname).toBe('/workspace');
    await advanceTimers(1);
    expect(warning()).toBeInTheDocument();
  });

  it('signs out at once with Log Out Now, without the inactivity notice', async () => {
    const { user, location } = renderMonitor();

    await advanceTimers(WARN_AFTER_MS);
    await user.click(screen.getByRole('button', { name: 'Log Out Now' }));
    expect(location().pathname).toBe(paths.login.password.to());
    expect(screen.getByTestId('sign-in')).toHaveTextContent('Signed out');
  });

  it('hides the open app modal while it warns, and shows it again as it was after Stay Logged In', async () => {
    const { user } = renderMonitor(
      <ModalSuppressionProvider>
        <AppModal opened onClose={() => undefined} title="Update Project">
          <TextInput label="Name" defaultValue="Help Desk" />
        </AppModal>
        <InactivityMonitor />
      </ModalSuppressionProvider>,
    );
    const project = () => screen.getByText('Update Project');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' 2');
    expect(project()).toBeVisible();

    await advanceTimers(WARN_AFTER_MS);
    expect(warning()).toBeInTheDocument();
    expect(project()).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    expect(project()).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Help Desk 2');
  });

  it('counts activity in another tab of the console: it postpones the warning, and closes one already up', async () => {
    const { location } = renderMonitor();

    await advanceTimers(WARN_AFTER_MS - 1000);
    activeInAnotherTab();
    await advanceTimers(1000);
    expect(warning()).not.toBeInTheDocument();
    await advanceTimers(WARN_AFTER_MS - 1000 - 1);
    expect(warning()).not.toBeInTheDocument();
    await advanceTimers(1);
    expect(warning()).toBeInTheDocument();

    await advanceTimers(1000);
    activeInAnotherTab();
    await advanceTimers(INACTIVITY_COUNTDOWN_TICK_MS);
    expect(warning()).not.toBeInTheDocument();
    await advanceTimers(INACTIVITY_WARNING_MS);
    expect(location().pathname).toBe('/workspace');
  });

  it("tells the other tabs of this tab's activity, and of Stay Logged In", async () => {
    const { user } = renderMonitor();
    const shared = () => Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY));

    const started = Date.now();
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(shared()).toBe(started);
    // A user at work is told at most every INACTIVITY_SHARE_MS, not on every key or mouse move.
    await advanceTimers(INACTIVITY_SHARE_MS - 1);
    fireEvent.mouseMove(document.body);
    expect(shared()).toBe(started);
    await advanceTimers(1);
    fireEvent.mouseMove(document.body);
    expect(shared()).toBe(started + INACTIVITY_SHARE_MS);

    await advanceTimers(WARN_AFTER_MS);
    expect(warning()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    expect(shared()).toBe(Date.now());
  });
});
