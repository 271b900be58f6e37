import { Anchor, Checkbox, PasswordInput, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { TOKEN_CODE_LENGTH, loginInviteBody, loginResetBody } from '@console/contracts';
import { paths } from '@/config/paths';
import { useAbout } from '../api/get-about';
import { useLoginInvite } from '../api/login-invite';
import { useLoginReset } from '../api/login-reset';
import { LoginLayout } from './login-layout';
import { EmailField, StepForm } from './step-form';
import { useLoginForm } from './use-login-form';

interface CodePasswordValues extends Record<string, unknown> {
  email: string;
  token_code: string;
  password: string;
  password_validator: string;
  agree_tos: boolean;
}

const modes = {
  reset: {
    heading: 'Reset your password',
    submit: 'Reset Password',
    schema: loginResetBody,
    done: 'Your password has been reset. Sign in with the new one.',
  },
  invite: {
    heading: 'Accept your invitation',
    submit: 'Accept Invitation',
    schema: loginInviteBody,
    done: 'Invitation accepted. Sign in with your new password.',
  },
} as const;

/**
 * 'I agree to the terms of use': a link to the operator's terms (TERMS_URL, from /about) in a new
 * tab; where none were published the box says so, as the agreement is still asked for.
 */
function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const about = useAbout();
  const termsUrl = about.data?.terms_url ?? null;
  return (
    <Checkbox
      label={
        termsUrl ? (
          <>
            I agree to the{' '}
            <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" inherit>
              terms of use
            </Anchor>
          </>
        ) : (
          'I agree to the terms of use'
        )
      }
      description={about.isSuccess && !termsUrl ? 'The operator of this console has not published terms of use.' : undefined}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** Reset (forgot-password code) and invite (invitation code): a code plus a new password. */
export function CodePasswordStep({ mode }: { mode: 'reset' | 'invite' }) {
  const { email = '', tokenCode = '' } = useParams();
  const navigate = useNavigate();
  const config = modes[mode];
  const form = useLoginForm<CodePasswordValues>(config.schema, {
    email,
    token_code: tokenCode,
    password: '',
    password_validator: '',
    agree_tos: false,
  });
  const reset = useLoginReset();
  const invite = useLoginInvite();
  const mutation = mode === 'reset' ? reset : invite;

  function onSubmit() {
    const onSuccess = () => {
      const signInEmail = loginResetBody.shape.email.parse(form.values.email);
      navigate(paths.login.password.to(signInEmail), { state: { notice: config.done } });
    };
    if (mode === 'reset') {
      reset.mutate(
        {
          email: form.values.email,
          token_code: form.values.token_code,
          password: form.values.password,
          password_validator: form.values.password_validator,
        },
        { onSuccess },
      );
    } else {
      invite.mutate({ ...form.values, agree_tos: true }, { onSuccess });
    }
  }

  return (
    <LoginLayout step={mode} heading={config.heading} email={form.values.email}>
      <StepForm form={form} mutation={mutation} onSubmit={onSubmit} submitLabel={config.submit}>
        <EmailField value={form.values.email} onChange={(value) => form.setField('email', value)} autoFocus={!email} />
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          maxLength={TOKEN_CODE_LENGTH}
          value={form.values.token_code}
          onChange={(event) => form.setField('token_code', event.currentTarget.value.trim())}
          autoFocus={Boolean(email) && !tokenCode}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.setField('password', event.currentTarget.value)}
          autoFocus={Boolean(email) && Boolean(tokenCode)}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          value={form.values.password_validator}
          onChange={(event) => form.setField('password_validator', event.currentTarget.value)}
        />
        {mode === 'invite' && (
          <TermsCheckbox checked={form.values.agree_tos} onChange={(checked) => form.setField('agree_tos', checked)} />
        )}
      </StepForm>
    </LoginLayout>
  );
}
