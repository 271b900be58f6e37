import { TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { MFA_CODE_LENGTH, loginMfaBody, type LoginMfaBody } from '@console/contracts';
import { useLoginMfa } from '../api/login-mfa';
import { LoginLayout } from './login-layout';
import { EmailField, StepForm } from './step-form';
import { useFinishSignIn } from './use-finish-sign-in';
import { useLoginForm } from './use-login-form';
import { useNotice } from './use-notice';

export function MfaStep() {
  const { email = '', tokenCode = '' } = useParams();
  const notice = useNotice();
  const finishSignIn = useFinishSignIn();
  const form = useLoginForm<LoginMfaBody>(loginMfaBody, { email, token_code: tokenCode });
  const mutation = useLoginMfa();

  function onSubmit() {
    mutation.mutate(form.values, { onSuccess: finishSignIn });
  }

  return (
    <LoginLayout step="mfa" heading="Verify your sign-in" email={form.values.email}>
      <StepForm form={form} mutation={mutation} onSubmit={onSubmit} submitLabel="Verify" notice={notice}>
        <EmailField value={form.values.email} onChange={(value) => form.setField('email', value)} autoFocus={!email} />
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={MFA_CODE_LENGTH}
          value={form.values.token_code}
          onChange={(event) => form.setField('token_code', event.currentTarget.value.trim())}
          autoFocus={Boolean(email)}
        />
      </StepForm>
    </LoginLayout>
  );
}
