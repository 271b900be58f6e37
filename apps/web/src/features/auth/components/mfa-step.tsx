import type { FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MFA_CODE_LENGTH, loginMfaBody, type LoginMfaBody } from '@console/contracts';
import { errorDetail } from '@/lib/api-client';
import { useLoginMfa } from '../api/login-mfa';
import { completeSignIn } from '../complete-sign-in';
import { FormStatus } from './form-status';
import { LoginLayout } from './login-layout';
import { useLoginForm } from './use-login-form';
import { useNotice } from './use-notice';

export function MfaStep() {
  const { email = '', tokenCode = '' } = useParams();
  const notice = useNotice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useLoginForm<LoginMfaBody>(loginMfaBody, { email, token_code: tokenCode });
  const mutation = useLoginMfa();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.valid || mutation.isPending) return;
    mutation.mutate(form.values, {
      onSuccess: (result) => {
        queryClient.clear();
        navigate(completeSignIn(result), { replace: true });
      },
    });
  }

  return (
    <LoginLayout step="mfa" heading="Verify your sign-in" email={form.values.email}>
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
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={MFA_CODE_LENGTH}
            value={form.values.token_code}
            onChange={(event) => form.setField('token_code', event.currentTarget.value.trim())}
            autoFocus={Boolean(email)}
          />
          <Button type="submit" disabled={!form.valid} loading={mutation.isPending} fullWidth>
            Verify
          </Button>
          <FormStatus hint={form.hint} error={mutation.isError ? errorDetail(mutation.error) : null} />
        </Stack>
      </form>
    </LoginLayout>
  );
}
