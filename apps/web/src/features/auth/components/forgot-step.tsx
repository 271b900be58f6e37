import type { FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { loginForgotBody, loginMessages, type LoginForgotBody } from '@console/contracts';
import { errorDetail } from '@/lib/api-client';
import { useLoginForgot } from '../api/login-forgot';
import { FormStatus } from './form-status';
import { LoginLayout } from './login-layout';
import { useLoginForm } from './use-login-form';

export function ForgotStep() {
  const { email = '' } = useParams();
  const form = useLoginForm<LoginForgotBody>(loginForgotBody, { email });
  const mutation = useLoginForgot();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.valid || mutation.isPending) return;
    mutation.mutate(form.values);
  }

  return (
    <LoginLayout step="forgot" heading="Forgot your password?" email={form.values.email}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            description="We send a reset code to this address."
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
            autoFocus
          />
          <Button type="submit" disabled={!form.valid} loading={mutation.isPending} fullWidth>
            Send Reset Code
          </Button>
          <FormStatus
            hint={form.hint}
            error={mutation.isError ? errorDetail(mutation.error) : null}
            success={mutation.isSuccess ? loginMessages.forgotSent : null}
          />
        </Stack>
      </form>
    </LoginLayout>
  );
}
