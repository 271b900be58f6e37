import type { FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { isMfaPending, loginMessages, loginPasswordBody, type LoginPasswordBody } from '@console/contracts';
import { errorDetail } from '@/lib/api-client';
import { setMfaPending } from '@/lib/storage';
import { paths } from '@/config/paths';
import { useLoginPassword } from '../api/login-password';
import { completeSignIn } from '../complete-sign-in';
import { FormStatus } from './form-status';
import { LoginLayout } from './login-layout';
import { useLoginForm } from './use-login-form';
import { useNotice } from './use-notice';

export function PasswordStep() {
  const { email = '' } = useParams();
  const notice = useNotice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useLoginForm<LoginPasswordBody>(loginPasswordBody, { email, password: '' });
  const mutation = useLoginPassword();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.valid || mutation.isPending) return;
    mutation.mutate(form.values, {
      onSuccess: (result) => {
        const parsed = loginPasswordBody.parse(form.values);
        if (isMfaPending(result) && result.token) {
          // A pending token: good only for the MFA step, never kept as the session.
          setMfaPending({ email: parsed.email, token: result.token });
          navigate(paths.login.mfa.to(parsed.email), { state: { notice: loginMessages.mfaRequired } });
          return;
        }
        queryClient.clear();
        navigate(completeSignIn(result), { replace: true });
      },
    });
  }

  return (
    <LoginLayout step="password" heading="Sign in to the console" email={form.values.email}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormStatus notice={notice} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
            autoFocus={!email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={form.values.password}
            onChange={(event) => form.setField('password', event.currentTarget.value)}
            autoFocus={Boolean(email)}
          />
          <Button type="submit" disabled={!form.valid} loading={mutation.isPending} fullWidth>
            Sign In
          </Button>
          <FormStatus hint={form.hint} error={mutation.isError ? errorDetail(mutation.error) : null} />
        </Stack>
      </form>
    </LoginLayout>
  );
}
