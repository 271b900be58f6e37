import { z } from 'zod';
import { TEST_CASE_CONTEXT_MAX, type EventRecord, type TestCaseExpectation } from '@console/contracts';
import { testCaseFormValues, type TestCaseFormValues } from '@/components/test-case-form';

/** What a response event's stored data tells of how it was answered (the rest of it is left alone). */
const answeredData = z.object({
  /** The topic a follow-up leaned on: set when the question was read with the conversation's context. */
  thread: z.string().nullable().optional(),
  /** Where the conversation's flow stood after the answer. */
  flow: z.object({ sequence_id: z.string(), node_id: z.string() }).nullable().optional(),
  trace: z.array(z.object({ stage: z.string(), data: z.unknown() })).optional(),
});

const flowRead = z.object({ decided_by: z.literal('flow') });

/** A response event's stored data, read leniently: events stored before a field existed lack it. */
function answered(event: EventRecord) {
  return answeredData.safeParse(event.data).data ?? {};
}

/**
 * Whether the answer depended on the conversation before it: a follow-up read with the previous
 * question, or an answer a flow read (a slot's value); such a case is asked after the earlier questions.
 */
export function answeredInContext(event: EventRecord): boolean {
  const data = answered(event);
  const classify = data.trace?.find((step) => step.stage === 'classify');
  return typeof data.thread === 'string' || flowRead.safeParse(classify?.data).success;
}

const turnOf = (event: EventRecord) => (event.data as { turn?: unknown }).turn;

/**
 * The questions of the conversation before this response's own, the last TEST_CASE_CONTEXT_MAX of
 * them, oldest first: its request events of earlier turns (by time, without its own request, where an
 * event has no turn number).
 */
export function earlierQuestionsOf(event: EventRecord, requests: readonly EventRecord[]): string[] {
  const turn = turnOf(event);
  const before =
    typeof turn === 'number'
      ? requests.filter((request) => {
          const requestTurn = turnOf(request);
          return typeof requestTurn === 'number' && requestTurn < turn;
        })
      : requests.filter((request) => request.issued_at < event.issued_at).slice(0, -1);
  return before.map((request) => request.utterance).slice(-TEST_CASE_CONTEXT_MAX);
}

/**
 * The case "Add to tests" offers for this answer: its question, after the earlier questions when the
 * answer depended on them, expecting what was answered: the content item, a refusal as out of scope,
 * or the flow's step the answer left the conversation at (a step to choose where it was not stored); a
 * handoff leaves the expectation to choose.
 */
export function testCaseFromEvent(event: EventRecord, earlier: readonly string[]): TestCaseFormValues {
  const context = answeredInContext(event) ? [...earlier] : [];
  const flow = answered(event).flow;
  const expect: TestCaseExpectation | undefined =
    event.response_type === 'content' && event.content_id
      ? { type: 'content', content_id: event.content_id }
      : event.response_type === 'oos'
        ? { type: 'out_of_scope' }
        : event.response_type === 'scenario' && flow
          ? { type: 'step', sequence_id: flow.sequence_id, node_id: flow.node_id }
          : undefined;
  const values = testCaseFormValues({ question: event.utterance, context, expect });
  return event.response_type === 'scenario' && !expect ? { ...values, expect: { ...values.expect, type: 'step' } } : values;
}
