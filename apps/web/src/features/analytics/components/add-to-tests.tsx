import { Center, Loader, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist } from '@tabler/icons-react';
import { MAX_PAGE_SIZE, type EventRecord } from '@console/contracts';
import { ErrorView } from '@/components/error-view';
import { FormModal } from '@/components/form-modal';
import { TestCaseForm } from '@/components/test-case-form';
import { testCaseApi } from '@/lib/api/test-case';
import { useConversationEvents } from '../api/get-conversation-events';
import { answeredInContext, earlierQuestionsOf, testCaseFromEvent } from '../test-case-from-event';

/** A conversation's questions in the order they were asked (a conversation holds far fewer than a page of the largest size). */
const requestsInOrder = { data_type__eq: 'request', limit: MAX_PAGE_SIZE, sort_field: 'issued_at', sort_direction: 'ascending' };

/** 'Add to tests' in a response row's menu. */
export function AddToTestsMenuItem({ onClick }: { onClick: () => void }) {
  return (
    <Menu.Item leftSection={<IconChecklist size={14} />} onClick={onClick}>
      Add to tests
    </Menu.Item>
  );
}

function CaseForm({ projectId, event, earlier, onClose }: { projectId: string; event: EventRecord; earlier: readonly string[]; onClose: () => void }) {
  const create = testCaseApi.useCreate(projectId);
  return (
    <TestCaseForm
      projectId={projectId}
      initialValues={testCaseFromEvent(event, earlier)}
      submitLabel="Add to tests"
      requireChange={false}
      save={async (body) => {
        // The case names its conversation, so erasing the conversation erases the case too.
        await create.mutateAsync({ ...body, conv_id: event.conv_id });
        notifications.show({ color: 'green', message: 'Added to the tests.' });
      }}
      onClose={onClose}
    />
  );
}

/** The form once the conversation's earlier questions are read (only an answer that depended on them needs them). */
function CaseFormInContext({ projectId, event, onClose }: { projectId: string; event: EventRecord; onClose: () => void }) {
  const requests = useConversationEvents(projectId, event.conv_id, requestsInOrder);
  if (requests.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading the earlier questions" />
      </Center>
    );
  }
  if (requests.isError) return <ErrorView error={requests.error} title="The conversation's earlier questions could not be loaded" />;
  return <CaseForm projectId={projectId} event={event} earlier={earlierQuestionsOf(event, requests.data.records)} onClose={onClose} />;
}

/**
 * 'Add to Tests': a test case made from a response, in the suite's form, prefilled with the question
 * (after the conversation's earlier questions when it was a follow-up or a flow's answer) and what was
 * answered, editable before it is added. Open while `event` is set.
 */
export function AddToTestsDialog({ projectId, event, onClose }: { projectId: string; event: EventRecord | null; onClose: () => void }) {
  return (
    <FormModal opened={event !== null} onClose={onClose} title="Add to Tests" size="lg">
      {event &&
        (answeredInContext(event) ? (
          <CaseFormInContext projectId={projectId} event={event} onClose={onClose} />
        ) : (
          <CaseForm projectId={projectId} event={event} earlier={[]} onClose={onClose} />
        ))}
    </FormModal>
  );
}
