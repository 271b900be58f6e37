import { useState } from 'react';
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { supportMessageBody } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { PageTitle } from '@/components/page-title';
import { useSendSupportMessage } from '../api/send-support-message';

const MESSAGE_MAX = supportMessageBody.shape.message.maxLength;

export const SUPPORT_SENT_TEXT = 'Your message has been sent.';

function SupportForm({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const mutation = useSendSupportMessage();
  const form = useEntityForm({
    schema: supportMessageBody,
    initialValues: { message: '' },
    savedText: null,
    onSubmit: async (body) => {
      await mutation.mutateAsync(body);
      onSent();
    },
  });
  return (
    <EntityForm
      form={form}
      submitLabel="Send"
     
      actions={
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <Textarea
        label="Message"
       
        autosize
        minRows={5}
        maxRows={12}
        data-autofocus
        description={MESSAGE_MAX ? `${form.values.message.length} / ${MESSAGE_MAX}` : undefined}
        {...form.textProps('message')}
      />
    </EntityForm>
  );
}

/** /support: 'Send Message to Support' opens the message modal; success closes it with a confirmation. */
export function SupportPage() {
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageTitle title="Support" />
      <Stack gap="md" maw={640} align="flex-start">
        <Text>Questions, problems or ideas? Write to the team behind the console; we answer by e-mail.</Text>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => {
            setSent(false);
            setOpened(true);
          }}
        >
          Send Message to Support
        </Button>
        {sent && (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />} role="status">
            {SUPPORT_SENT_TEXT}
          </Alert>
        )}
      </Stack>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Send Message to Support">
        <SupportForm
          onClose={() => setOpened(false)}
          onSent={() => {
            setOpened(false);
            setSent(true);
          }}
        />
      </FormModal>
    </>
  );
}
