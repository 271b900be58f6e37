import { Anchor, Text, Textarea } from '@mantine/core';
import { useParams } from 'react-router';
import { SUPPORT_SENT_TEXT, contactSupportBody, supportMessageBody, type ContactSupportBody } from '@console/contracts';
import { useContactSupport } from '../api/contact-support';
import { useAbout } from '../api/get-about';
import { LoginLayout } from './login-layout';
import { EmailField, StepForm } from './step-form';
import { useLoginForm } from './use-login-form';

const MESSAGE_MAX = supportMessageBody.shape.message.maxLength;

/** Contact Us, signed out: a message to support with the address to answer; a mail address as well where one is set. */
export function ContactStep() {
  const { email = '' } = useParams();
  const form = useLoginForm<ContactSupportBody>(contactSupportBody, { email, message: '' });
  const mutation = useContactSupport();
  const supportEmail = useAbout().data?.support_email ?? null;

  return (
    <LoginLayout step="contact" heading="Contact Us" email={form.values.email}>
      <StepForm
        form={form}
        mutation={mutation}
        onSubmit={() => mutation.mutate(form.values)}
        submitLabel="Send Message"
        success={mutation.isSuccess ? SUPPORT_SENT_TEXT : null}
      >
        <EmailField
          description="We answer to this address."
          value={form.values.email}
          onChange={(value) => form.setField('email', value)}
          autoFocus={!email}
        />
        <Textarea
          label="Message"
          autosize
          minRows={4}
          maxRows={10}
          autoFocus={Boolean(email)}
          description={MESSAGE_MAX ? `${form.values.message.length} / ${MESSAGE_MAX}` : undefined}
          value={form.values.message}
          onChange={(event) => form.setField('message', event.currentTarget.value)}
        />
      </StepForm>
      {supportEmail && (
        <Text size="sm" c="dimmed">
          Or write to <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
        </Text>
      )}
    </LoginLayout>
  );
}
