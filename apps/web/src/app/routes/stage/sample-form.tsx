import { useRef } from 'react';
import { Button, Group } from '@mantine/core';
import { createProjectBody } from '@console/contracts';
import { EntityForm, NameDescriptionFields, useEntityForm } from '@/components/entity-form';
import { SampleCard } from './sample-card';

/** What the sample save fails with when told to: said to be a sample. */
const SAMPLE_SAVE_FAILURE = 'Sample failure: nothing was sent.';

interface PendingSave {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * EntityForm with the Create Project rules of contracts: it validates as the real form does, and
 * its save waits for the showcase's own buttons instead of a call, so 'saving', 'Saved!' and a
 * failure can each be looked at for as long as needed.
 */
export function SampleForm() {
  const pending = useRef<PendingSave | null>(null);
  const form = useEntityForm({
    schema: createProjectBody,
    initialValues: { display_name: '', description: '' },
    onSubmit: () =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
      }),
  });

  function settle(succeed: boolean) {
    const save = pending.current;
    pending.current = null;
    if (succeed) save?.resolve();
    else save?.reject(new Error(SAMPLE_SAVE_FAILURE));
  }

  return (
    <SampleCard
      title="Write form"
      description="The project form's rules: type a name shorter than 3 characters for the invalid state, a valid one to enable Save, then Save for the saving state. Nothing is sent; the buttons below end the save."
    >
      <EntityForm form={form} submitLabel="Save">
        <NameDescriptionFields form={form} />
      </EntityForm>
      <Group gap="xs" role="toolbar" aria-label="Sample save">
        <Button size="xs" variant="default" disabled={!form.submitting} onClick={() => settle(true)}>
          Finish the save
        </Button>
        <Button size="xs" variant="default" disabled={!form.submitting} onClick={() => settle(false)}>
          Fail the save
        </Button>
      </Group>
    </SampleCard>
  );
}
