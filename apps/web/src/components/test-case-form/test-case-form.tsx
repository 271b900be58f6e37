import type { z } from 'zod';
import { testCaseBody } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { TestCaseFields } from './test-case-fields';
import { testCaseInput, type TestCaseFormValues } from './test-case-values';

interface TestCaseFormProps {
  projectId: string;
  initialValues: TestCaseFormValues;
  submitLabel: string;
  /** Creates or updates the case (the shared test case calls). */
  save: (body: z.output<typeof testCaseBody>) => Promise<unknown>;
  /** After the case was saved; also what Cancel does. */
  onClose: () => void;
  /**
   * Default true: saving needs a change. False for a case prefilled from an answer ("Add to tests"),
   * which is worth saving as it comes.
   */
  requireChange?: boolean;
}

/** A test case's form in a modal, checked with testCaseBody as it is edited; the suite and "Add to tests" both use it. */
export function TestCaseForm({ projectId, initialValues, submitLabel, save, onClose, requireChange = true }: TestCaseFormProps) {
  const form = useModalEntityForm({
    schema: testCaseBody,
    initialValues,
    toInput: testCaseInput,
    requireChange,
    onSubmit: (body) => save(body),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel={submitLabel} onClose={onClose}>
      <TestCaseFields form={form} projectId={projectId} />
    </ModalEntityForm>
  );
}
