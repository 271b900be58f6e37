import { PasswordInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { isMfaPending, loginMessages, loginPasswordBody, type LoginPasswordBody } from '@console/contracts';
import { setMfaPending } from '@/lib/storage';
import { paths } from '@/config/paths';
import { useLoginPassword } from '../api/login-password';
import { LoginLayout } from './login-layout';
import { EmailField, StepForm } from './step-form';
import { useFinishSignIn } from './use-finish-sign-in';
import { useLoginForm } from './use-login-form';
import { useNotice } from './use-notice';

export function PasswordStep() {
  const { email = '' } = useParams();
  const notice = useNotice();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const form = useLoginForm<LoginPasswordBody>(loginPasswordBody, { email, password: '' });
  const mutation = useLoginPassword();

  function onSubmit() {
    mutation.mutate(form.values, {
      onSuccess: (result) => {
        const parsed = loginPasswordBody.parse(form.values);
        if (isMfaPending(result) && result.token) {
          // A pending token: good only for the MFA step, never kept as the session.
          setMfaPending({ email: parsed.email, token: result.token });
          navigate(paths.login.mfa.to(parsed.email), { state: { notice: loginMessages.mfaRequired } });
          return;
        }
        finishSignIn(result);
      },
    });
  }

  return (
    <LoginLayout step="password" heading="Sign in to the console" email={form.values.email}>
      <StepForm form={form} mutation={mutation} onSubmit={onSubmit} submitLabel="Sign In" notice={notice}>
        <EmailField value={form.values.email} onChange={(value) => form.setField('email', value)} autoFocus={!email} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(event) => form.setField('password', event.currentTarget.value)}
          autoFocus={Boolean(email)}
        />
      </StepForm>
    </LoginLayout>
  );
}
