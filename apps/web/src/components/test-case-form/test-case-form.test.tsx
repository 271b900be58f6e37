import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, testCaseExpectationLabels, type TestCaseBody } from '@console/contracts';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { contents, ids, intents, orderSequence, PROJECT, testCaseRecord } from '@/test/suite-fixtures';
import { TestCaseForm } from './test-case-form';
import { testCaseFormValues, type TestCaseFormValues } from './test-case-values';

/** The project's content (searched by subject), intents and sequences, as the form's pickers read them. */
function serve() {
  return fakeApi({
    [`GET /project/${PROJECT}/content`]: (call) => {
      const search = (call.query.get('subject__like') ?? '').toLowerCase();
      const records = contents.filter((item) => item.subject.toLowerCase().includes(search));
      return { records, total: records.length };
    },
    [`GET /content/${ids.hours}`]: () => ({ ...contents[0], response_pm: { type: 'doc', content: [] } }),
    [`GET /project/${PROJECT}/intent`]: () => ({ records: intents, total: intents.length }),
    [`GET /project/${PROJECT}/sequence`]: () => ({ records: [orderSequence], total: 1 }),
  });
}

function renderForm(initialValues: TestCaseFormValues = testCaseFormValues(), { requireChange = true } = {}) {
  const saved: TestCaseBody[] = [];
  const closed = { value: false };
  const view = renderWithProviders(
    <TestCaseForm
      projectId={PROJECT}
      initialValues={initialValues}
      submitLabel="Create"
      requireChange={requireChange}
      save={async (body) => saved.push(body)}
      onClose={() => (closed.value = true)}
    />,
  );
  return { ...view, saved, closed };
}

const submit = () => screen.getByRole('button', { name: 'Create' });
const reason = () => screen.getByTestId('submit-reason');
const combobox = (name: string) => screen.queryByRole('textbox', { name }) ?? screen.queryByLabelText(name, { selector: 'input' });

async function chooseExpectation(user: ReturnType<typeof renderForm>['user'], label: string) {
  await user.click(screen.getByLabelText('Expectation', { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('TestCaseForm', () => {
  it("shows the expectation's own fields for each type: a content item, an intent, a sequence and its node, nothing for out of scope", async () => {
    serve();
    const { user } = renderForm();
    expect(combobox('Content item')).toBeInTheDocument();

    await chooseExpectation(user, testCaseExpectationLabels.intent);
    expect(combobox('Intent')).toBeInTheDocument();
    expect(combobox('Content item')).not.toBeInTheDocument();

    await chooseExpectation(user, testCaseExpectationLabels.step);
    expect(combobox('Sequence')).toBeInTheDocument();
    expect(combobox('Node')).toBeDisabled();
    expect(combobox('Intent')).not.toBeInTheDocument();

    await chooseExpectation(user, testCaseExpectationLabels.out_of_scope);
    for (const field of ['Content item', 'Intent', 'Sequence', 'Node']) expect(combobox(field)).not.toBeInTheDocument();
  });

  it("says what is missing in the contracts' words, field by field, until the case can be saved", async () => {
    serve();
    const { user, saved } = renderForm();
    expect(submit()).toBeDisabled();
    expect(reason()).toHaveTextContent(messages.atLeastChars('Question', 1));

    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Where is my order?');
    expect(reason()).toHaveTextContent(messages.selected('Content item'));

    await chooseExpectation(user, testCaseExpectationLabels.step);
    expect(await screen.findByText(messages.selected('Sequence'))).toBeVisible();
    await user.click(screen.getByLabelText('Sequence', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Order status' }));
    expect(await screen.findByText(messages.selected('Node'))).toBeVisible();
    expect(submit()).toBeDisabled();

    await user.click(screen.getByLabelText('Node', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Ask number' }));
    await user.click(screen.getByRole('button', { name: 'Add Earlier question' }));
    expect(submit()).toBeDisabled();
    expect(screen.getByText(messages.atLeastChars('Earlier question', 1))).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Earlier question 1' }), 'I want to track an order');

    await user.click(submit());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      question: 'Where is my order?',
      context: ['I want to track an order'],
      expect: { type: 'step', sequence_id: ids.order, node_id: ids.askNumber },
      must_contain: '',
    });
  });

  it('finds a content item by part of its subject on the server and saves its id', async () => {
    const calls = serve();
    const { user, saved, closed } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'How much is it?');
    await user.type(screen.getByLabelText('Content item', { selector: 'input' }), 'pri');
    // The server's matches replace the first ones: the choices are not all the project's items.
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Opening hours' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.path.endsWith('/content') && call.query.get('subject__like') === 'pri')).toBe(true);
    await user.click(screen.getByRole('option', { name: 'Prices' }));
    await user.type(screen.getByRole('textbox', { name: 'Must contain' }), 'EUR');

    await user.click(submit());
    await waitFor(() => expect(closed.value).toBe(true));
    expect(saved[0]).toEqual({ question: 'How much is it?', context: [], expect: { type: 'content', content_id: ids.prices }, must_contain: 'EUR' });
  });

  it('a prefilled case (Add to tests) names its item and is saved as it comes', async () => {
    serve();
    const { user, saved } = renderForm(testCaseFormValues(testCaseRecord()), { requireChange: false });
    expect(await screen.findByDisplayValue('Opening hours')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ question: 'When do you open?', context: [], expect: { type: 'content', content_id: ids.hours }, must_contain: '' });
  });
});
