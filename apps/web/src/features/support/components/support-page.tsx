import { useState } from 'react';
import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { SUPPORT_SENT_TEXT, supportMessageBody } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { PageTitle } from '@/components/page-title';
import { useSendSupportMessage } from '../api/send-support-message';

const MESSAGE_MAX = supportMessageBody.shape.message.maxLength;

function SupportForm({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const mutation = useSendSupportMessage();
  const form = useModalEntityForm({
    schema: supportMessageBody,
    initialValues: { message: '' },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onSent,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Send" onClose={onClose}>
      <Textarea
        label="Message"
       
        autosize
        minRows={5}
        maxRows={12}
        data-autofocus
        description={MESSAGE_MAX ? `${form.values.message.length} / ${MESSAGE_MAX}` : undefined}
        {...form.textProps('message')}
      />
    </ModalEntityForm>
  );
}

/** /support: 'Send Message to Support' opens the message modal; success closes it with a confirmation. */
export function SupportPage() {
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageTitle title="Support" />
      <Stack gap="md" maw={640} align="flex-start">
        <Text>Questions, problems or ideas? Write to the team behind the console; we answer by e-mail.</Text>
        <FormModalButton label="Send Message to Support" icon={<IconSend size={16} />} onOpen={() => setSent(false)}>
          {(close) => (
            <SupportForm
              onClose={close}
              onSent={() => {
                close();
                setSent(true);
              }}
            />
          )}
        </FormModalButton>
        {sent && (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />} role="status">
            {SUPPORT_SENT_TEXT}
          </Alert>
        )}
      </Stack>
    </>
  );
}
