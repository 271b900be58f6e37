import type { TestCase, TestCaseBody, TestCaseExpectation, TestCaseExpectationType } from '@console/contracts';

/** The expectation as the form edits it: every picker's choice kept while another type is shown, so switching back restores it. */
export interface ExpectationValues {
  type: TestCaseExpectationType;
  content_id: string;
  intent_id: string;
  sequence_id: string;
  node_id: string;
}

/** What the test case form edits (testCaseBody's fields, the expectation as ExpectationValues). */
export interface TestCaseFormValues extends Record<string, unknown> {
  question: string;
  context: string[];
  expect: ExpectationValues;
  must_contain: string;
}

/** A case's values as the form starts them: a saved case's, a prefilled one's (Add to tests), or a new case expecting a content item. */
export function testCaseFormValues(testCase?: Partial<Pick<TestCase, 'question' | 'context' | 'expect' | 'must_contain'>>): TestCaseFormValues {
  return {
    question: testCase?.question ?? '',
    context: testCase?.context ?? [],
    expect: { content_id: '', intent_id: '', sequence_id: '', node_id: '', ...(testCase?.expect ?? { type: 'content' }) },
    must_contain: testCase?.must_contain ?? '',
  };
}

/** The expectation of its type alone: what other types' pickers hold is neither sent nor checked. */
function expectationInput({ type, content_id, intent_id, sequence_id, node_id }: ExpectationValues): TestCaseExpectation {
  switch (type) {
    case 'content':
      return { type, content_id };
    case 'intent':
      return { type, intent_id };
    case 'step':
      return { type, sequence_id, node_id };
    case 'out_of_scope':
      return { type };
  }
}

/** The values as the body testCaseBody checks. */
export function testCaseInput(values: TestCaseFormValues): TestCaseBody {
  return { question: values.question, context: values.context, expect: expectationInput(values.expect), must_contain: values.must_contain };
}
