import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconEraser, IconSearch } from '@tabler/icons-react';
import { ERASURE_MAX_CONVERSATIONS, erasurePreviewBody, type ErasureCounts, type ErasurePreview, type ErasurePreviewBody } from '@console/contracts';
import { ConfirmDelete } from '@/components/confirm-delete';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useEraseConversations, usePreviewErasure } from '../api/erase-conversations';

type FindBy = 'value' | 'ids';

const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The counts of an erasure in words, as the preview, the confirmation and the outcome say them. */
function erasureCounts(counts: ErasureCounts): string {
  return [
    counted(counts.conversations, 'conversation'),
    counted(counts.events, 'event'),
    counted(counts.feedback, 'feedback answer'),
    counted(counts.test_cases, 'test case'),
  ].join(', ');
}

/** Ids pasted one per line, or separated by commas or spaces. */
function idsOf(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

function PreviewResult({ preview, onErase }: { preview: ErasurePreview; onErase: () => void }) {
  if (!preview.conversations && !preview.test_cases) {
    return (
      <Text size="sm" role="status">
        Nothing matches: no conversation or test case would be erased.
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="region" aria-label="Erasure preview">
      <Text size="sm" role="status">
        Would erase {erasureCounts(preview)}.
      </Text>
      {preview.more && (
        <Text size="sm" c="orange">
          More conversations match than one erasure takes ({ERASURE_MAX_CONVERSATIONS.toLocaleString('en-US')}): erase these, then preview again.
        </Text>
      )}
      {preview.sample.length > 0 && (
        <Table striped withTableBorder fz="sm" aria-label="Conversations to erase">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Query Date</Table.Th>
              <Table.Th>First Utterance</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Conv ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.sample.map((conversation) => (
              <Table.Tr key={conversation.conv_id}>
                <Table.Td>{formatDateTime(conversation.issued_at)}</Table.Td>
                <Table.Td>{conversation.first_utterance ?? ''}</Table.Td>
                <Table.Td>{conversation.event_count}</Table.Td>
                <Table.Td ff="monospace">{conversation.conv_id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {preview.conversations > preview.sample.length && (
        <Text size="xs" c="dimmed">
          The newest {preview.sample.length} of {counted(preview.conversations, 'conversation')}.
        </Text>
      )}
      <Group>
        <Button color="red" leftSection={<IconEraser size={16} />} onClick={onErase}>
          Erase…
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Project Settings, Erase Conversations (project admins): a visitor's conversations erased for good
 * on request, found by a value they gave (an e-mail address, a name) or named by id. A preview says
 * what would go, with the newest conversations; the erasure, once confirmed, takes exactly what the
 * preview listed, whatever arrived since.
 */
export function EraseConversations({ projectId }: { projectId: string }) {
  const [findBy, setFindBy] = useState<FindBy>('value');
  const [value, setValue] = useState('');
  const [ids, setIds] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [asked, setAsked] = useState<ErasurePreviewBody | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<ErasureCounts | null>(null);
  const preview = usePreviewErasure(projectId);
  const erase = useEraseConversations(projectId);

  function changed(update: () => void) {
    update();
    setInvalid(null);
    setErased(null);
    preview.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: ErasurePreviewBody = findBy === 'value' ? { value } : { conv_ids: idsOf(ids) };
    const checked = erasurePreviewBody.safeParse(body);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]!.message);
      return;
    }
    setInvalid(null);
    setErased(null);
    setAsked(checked.data);
    preview.mutate(checked.data);
  }

  async function confirmErasure() {
    const listed = preview.data;
    if (!listed) return;
    const result = await erase.mutateAsync({ conv_ids: listed.conv_ids, test_case_ids: listed.test_case_ids, ...(asked?.value ? { value: asked.value } : {}) });
    setConfirming(false);
    setErased(result);
    preview.reset();
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="erase-conversations-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="erase-conversations-title">
          Erase Conversations
        </Title>
        <Text size="sm" c="dimmed">
          When a visitor asks to be forgotten: their conversations are erased for good, with their events, feedback, the inbox&apos;s questions
          and the test cases made from them. The audit log records that an erasure happened and how many records it took, not what.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Radio.Group label="Find conversations by" value={findBy} onChange={(next) => changed(() => setFindBy(next as FindBy))}>
              <Group gap="md" mt={6}>
                <Radio value="value" label="A value the visitor gave" />
                <Radio value="ids" label="Conversation IDs" />
              </Group>
            </Radio.Group>
            {findBy === 'value' ? (
              <TextInput
                label="Value"
                description="An e-mail address or a name, found in any case anywhere in the stored questions, answers, traces and feedback comments."
                value={value}
                onChange={(event) => changed(() => setValue(event.currentTarget.value))}
                error={invalid}
              />
            ) : (
              <Textarea
                label="Conversation IDs"
                description="One per line, or separated by commas."
                autosize
                minRows={3}
                value={ids}
                onChange={(event) => changed(() => setIds(event.currentTarget.value))}
                error={invalid}
              />
            )}
            <Group>
              <Button type="submit" variant="default" leftSection={<IconSearch size={16} />} loading={preview.isPending}>
                Preview Erasure
              </Button>
            </Group>
          </Stack>
        </form>
        {preview.isError && (
          <Alert color="red" title="The preview failed" role="alert">
            {errorMessage(preview.error)}
          </Alert>
        )}
        {preview.data && <PreviewResult preview={preview.data} onErase={() => setConfirming(true)} />}
        {erased && (
          <Alert color="green" role="status" title="Erased">
            Erased {erasureCounts(erased)}.
          </Alert>
        )}
      </Stack>
      <ConfirmDelete
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Erase Conversations"
        message={preview.data ? `Erase ${erasureCounts(preview.data)} for good? This cannot be undone.` : ''}
        confirmLabel="Erase"
        onConfirm={confirmErasure}
      />
    </Card>
  );
}
