import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorDetails, type User } from '@console/contracts';
import { apiErrorResponse, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { UserPasswordForm } from './user-forms';

const user: User = {
  id: 'user-1',
  display_name: 'Ann',
  email: 'ann@example.com',
  status: 'active',
  is_super_user: false,
  is_mfa_enabled: true,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const NEW_PASSWORD = 'Brand-New-Pass-9';

describe('UserPasswordForm', () => {
  it("asks for the current password on one's own account and shows the server's refusal of a wrong one", async () => {
    const calls = fakeApi({
      'PUT /user/user-1/password': (call) =>
        (call.body as { current_password: string }).current_password === 'Old-Pass-1'
          ? undefined
          : apiErrorResponse(400, 'Bad Request', errorDetails.wrongCurrentPassword),
    });
    const { user: person } = renderWithProviders(<UserPasswordForm user={user} own />);
    const submit = screen.getByRole('button', { name: 'Change Password' });

    await person.type(screen.getByLabelText('Password', { exact: true }), NEW_PASSWORD);
    await person.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    expect(submit).toHaveAccessibleDescription('Current Password must be at least 8 characters');

    await person.type(screen.getByLabelText('Current Password'), 'Wrong-Pass-1');
    await person.click(submit);
    expect(await screen.findByText(errorDetails.wrongCurrentPassword, { exact: false })).toBeVisible();

    await person.clear(screen.getByLabelText('Current Password'));
    await person.type(screen.getByLabelText('Current Password'), 'Old-Pass-1');
    await person.click(submit);
    expect(await screen.findByText('Password changed: your other sessions were signed out.')).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ current_password: 'Old-Pass-1', password: NEW_PASSWORD, password_validator: NEW_PASSWORD });
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveValue(''));
  });

  it("sends no current password when a super user sets someone else's", async () => {
    const calls = fakeApi({ 'PUT /user/user-1/password': () => undefined });
    const { user: person } = renderWithProviders(<UserPasswordForm user={user} own={false} />);
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await person.type(screen.getByLabelText('Password', { exact: true }), NEW_PASSWORD);
    await person.type(screen.getByLabelText('Confirm Password'), NEW_PASSWORD);
    await person.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed: their sessions were signed out.')).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ password: NEW_PASSWORD, password_validator: NEW_PASSWORD });
  });
});
