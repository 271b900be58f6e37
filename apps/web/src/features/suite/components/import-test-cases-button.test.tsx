import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { suiteMessages } from '@console/contracts';
import { apiErrorResponse, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PROJECT } from '@/test/suite-fixtures';
import { importMessages } from '../import-form';
import { ImportTestCasesButton } from './import-test-cases-button';

const csv = 'question,context,expect_type,expect_content,expect_intent,expect_sequence,expect_node,must_contain\nWhen do you open?,,content,R-1,,,,\n';
const badLine = suiteMessages.importLine(3, 'expect_type', 'Expect Type must be one of content, intent, step, out_of_scope');

function serve(answer: () => unknown) {
  return fakeApi({ [`POST /project/${PROJECT}/test-case/import`]: answer });
}

async function chooseFile(user: ReturnType<typeof renderWithProviders>['user'], file: File) {
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = screen.getByRole('dialog', { name: 'Import Test Cases' });
  await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  return dialog;
}

describe('Import test cases', () => {
  it("sends the file's text with its format, and says how many cases came", async () => {
    const calls = serve(() => ({ imported: 2 }));
    const { user } = renderWithProviders(<ImportTestCasesButton projectId={PROJECT} />);
    const dialog = await chooseFile(user, new File([csv], 'cases.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Imported 2 test cases.');
    expect(calls.map((call) => call.body)).toEqual([{ format: 'csv', data: csv }]);
  });

  it("shows the server's refusal naming the line and the field, and keeps the form to try another file", async () => {
    serve(() => apiErrorResponse(400, 'Bad Request', badLine));
    const { user } = renderWithProviders(<ImportTestCasesButton projectId={PROJECT} />);
    const dialog = await chooseFile(user, new File(['[]'], 'cases.json', { type: 'application/json' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent(badLine);
    expect(within(dialog).queryByText(/^Imported/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeInTheDocument();
  });

  it('refuses a file that is neither CSV nor JSON before sending anything', async () => {
    const calls = serve(() => ({ imported: 0 }));
    const { user } = renderWithProviders(<ImportTestCasesButton projectId={PROJECT} />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Test Cases' });
    // The picker offers .csv and .json first; 'All files' lets another through, as here.
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'cases.txt', { type: 'text/plain' })] } });

    await waitFor(() => expect(within(dialog).getByText(importMessages.wrongKind)).toBeVisible());
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(calls).toEqual([]);
  });
});
