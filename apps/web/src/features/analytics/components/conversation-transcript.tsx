import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Center, Group, Loader, Pagination, Paper, Stack, Text, Typography, VisuallyHidden } from '@mantine/core';
import { IconChecklist, IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MAX_PAGE_SIZE, type EventRecord } from '@console/contracts';
import { KbContent } from '@console/widget';
import { ErrorView } from '@/components/error-view';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { responseTypeLabels } from '@/lib/response-types';
import { useConversationEvents } from '../api/get-conversation-events';
import { confidenceText } from '../event-labels';
import { transcriptTurn, type TranscriptTurn } from '../transcript';
import { EventTrace } from './event-trace';
import { FeedbackMark } from './feedback-mark';
import classes from './transcript.module.css';

/** Questions a page of the transcript shows: a conversation of up to this many reads whole. */
export const TRANSCRIPT_PAGE_SIZE = MAX_PAGE_SIZE;

/** A conversation's questions by their outcomes (each repeats its question), oldest first. */
function transcriptQuery(page: number) {
  return {
    data_type__neq: 'request',
    limit: TRANSCRIPT_PAGE_SIZE,
    offset: (page - 1) * TRANSCRIPT_PAGE_SIZE,
    sort_field: 'issued_at',
    sort_direction: 'ascending',
  };
}

// The answers are shown as the visitor saw them: their quick replies are not to be pressed here.
const readOnly = { onAction: () => undefined, actionsDisabled: true };

function Time({ at }: { at: string }) {
  return (
    <Text size="xs" c="dimmed" component="time" dateTime={at}>
      {formatDateTime(at)}
    </Text>
  );
}

/** What the assistant answered: its text as the widget draws it and its quick replies as chips; or the error. */
function AnswerBody({ turn }: { turn: TranscriptTurn }) {
  if (turn.error !== null) {
    return (
      <Alert variant="light" color="red" title="The answer failed" p="xs">
        {turn.error}
      </Alert>
    );
  }
  if (!turn.answer) {
    return (
      <Text size="sm" c="dimmed">
        This answer cannot be drawn here; the Events view shows its JSON.
      </Text>
    );
  }
  const { document, actions } = turn.answer;
  return (
    <>
      <Typography className={classes.answer}>
        <KbContent document={document} {...readOnly} />
      </Typography>
      {actions.length > 0 && (
        <Group gap={6} mt="xs" role="group" aria-label="Quick replies">
          {actions.map((action, index) => (
            <Badge key={index} variant="outline" radius="xl" tt="none" fw={500}>
              {action.label}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}

/** How the answer came about: its kind and what answered, its confidence, the reading chosen, the refusal, the feedback. */
function AnswerFacts({ projectId, event, reading }: { projectId: string; event: EventRecord; reading: string[] }) {
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs" wrap="wrap">
        {event.response_type && (
          <Badge variant="light" color={event.response_type === 'oos' ? 'gray' : 'blue'} tt="none">
            {responseTypeLabels[event.response_type]}
          </Badge>
        )}
        {event.subject &&
          (event.content_id ? (
            <Anchor component={Link} to={projectPaths.content.to(projectId, event.content_id)} size="sm">
              {event.subject}
            </Anchor>
          ) : (
            <Text size="sm">{event.subject}</Text>
          ))}
        {event.confidence !== null && <Text size="sm" c="dimmed">{`Confidence ${confidenceText(event.confidence)}`}</Text>}
      </Group>
      {reading.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
      {event.refusal && (
        <Text size="sm" c="dimmed">
          {`Refused: ${event.refusal}`}
        </Text>
      )}
      {event.feedback && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            Feedback
          </Text>
          <FeedbackMark feedback={event.feedback} withComment />
        </Group>
      )}
    </Stack>
  );
}

interface TurnProps {
  projectId: string;
  turn: TranscriptTurn;
  /** 'Add to tests' on an answer, for those who may. */
  onAddToTests: ((event: EventRecord) => void) | undefined;
}

/** One question and its answer, the trace one click away. */
function Turn({ projectId, turn, onAddToTests }: TurnProps) {
  const { event } = turn;
  const [traced, setTraced] = useState(false);
  return (
    <Box component="li">
      <Stack gap={4} align="flex-end">
        <Paper bg="blue.0" radius="lg" px="md" py="xs" maw="75%">
          <VisuallyHidden>Visitor: </VisuallyHidden>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {turn.question}
          </Text>
        </Paper>
      </Stack>
      <Stack gap={4} align="flex-start" mt="xs">
        <Paper withBorder radius="lg" px="md" py="sm" maw="85%" miw="50%">
          <VisuallyHidden>Assistant: </VisuallyHidden>
          <AnswerBody turn={turn} />
          <AnswerFacts projectId={projectId} event={event} reading={turn.reading} />
          <Group gap="xs" mt="xs">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconRoute size={14} />}
              aria-expanded={traced}
              onClick={() => setTraced((open) => !open)}
            >
              {traced ? 'Hide trace' : 'Trace'}
            </Button>
            {onAddToTests && event.data_type === 'response' && (
              <Button size="compact-xs" variant="subtle" leftSection={<IconChecklist size={14} />} onClick={() => onAddToTests(event)}>
                Add to tests
              </Button>
            )}
          </Group>
          {traced && (
            <Box mt="xs">
              <EventTrace event={event} label={`Trace of ${turn.question}`} />
            </Box>
          )}
        </Paper>
        <Time at={event.issued_at} />
      </Stack>
    </Box>
  );
}

interface ConversationTranscriptProps {
  projectId: string;
  convId: string;
  onAddToTests: ((event: EventRecord) => void) | undefined;
}

/**
 * A conversation as a chat: each question in the visitor's words and the assistant's answer as the
 * widget drew it (rich text, quick replies and a flow's prompts as chips), with its confidence, the
 * reading chosen, the refusal, the visitor's feedback and the trace one click away; an error as an
 * error. The whole conversation on one page, paged only beyond TRANSCRIPT_PAGE_SIZE questions.
 */
export function ConversationTranscript({ projectId, convId, onAddToTests }: ConversationTranscriptProps) {
  const [page, setPage] = useState(1);
  const events = useConversationEvents(projectId, convId, transcriptQuery(page));

  if (events.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the transcript" />
      </Center>
    );
  }
  if (events.isError) return <ErrorView error={events.error} title="The transcript could not be loaded." />;
  const { records, total } = events.data;
  const pages = Math.ceil(total / TRANSCRIPT_PAGE_SIZE);

  return (
    <Stack component="section" aria-label="Transcript" gap="md">
      {records.length === 0 ? (
        <Text c="dimmed">No questions yet.</Text>
      ) : (
        <Stack component="ol" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
          {records.map((event) => (
            <Turn key={event.id} projectId={projectId} turn={transcriptTurn(event)} onAddToTests={onAddToTests} />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} aria-label="Transcript pages" />}
    </Stack>
  );
}
