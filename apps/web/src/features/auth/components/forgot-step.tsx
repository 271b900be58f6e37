import { useParams } from 'react-router';
import { loginForgotBody, loginMessages, type LoginForgotBody } from '@console/contracts';
import { useLoginForgot } from '../api/login-forgot';
import { LoginLayout } from './login-layout';
import { EmailField, StepForm } from './step-form';
import { useLoginForm } from './use-login-form';

export function ForgotStep() {
  const { email = '' } = useParams();
  const form = useLoginForm<LoginForgotBody>(loginForgotBody, { email });
  const mutation = useLoginForgot();

  return (
    <LoginLayout step="forgot" heading="Forgot your password?" email={form.values.email}>
      <StepForm
        form={form}
        mutation={mutation}
        onSubmit={() => mutation.mutate(form.values)}
        submitLabel="Send Reset Code"
        success={mutation.isSuccess ? `${loginMessages.forgotSent} ${loginMessages.forgotLimit}` : null}
      >
        <EmailField
          description="We send a reset code to this address."
          value={form.values.email}
          onChange={(value) => form.setField('email', value)}
          autoFocus
        />
      </StepForm>
    </LoginLayout>
  );
}
