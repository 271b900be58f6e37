import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { namedTextListValues, type NamedTextListKind, type NamedTextListRecord } from './named-text-list-kind';
import { NamedTextListFields } from './named-text-list-fields';

interface CreateProps<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>> {
  kind: NamedTextListKind<Name, Texts, Rec>;
  projectId: string;
}

function CreateNamedTextListForm<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
  projectId,
  onClose,
  onCreated,
}: CreateProps<Name, Texts, Rec> & { onClose: () => void; onCreated: (record: Rec) => void }) {
  const mutation = kind.api.useCreate(projectId);
  const form = useModalEntityForm({
    schema: kind.api.contracts.body,
    // One empty line to type the first text into.
    initialValues: namedTextListValues(kind.fields, '', ['']),
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onCreated,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <NamedTextListFields kind={kind} body={kind.api.contracts.body} form={form} />
    </ModalEntityForm>
  );
}

/** 'Create Intent': Name and the texts; the new record opens. */
export function CreateNamedTextListButton<Name extends string, Texts extends string, Rec extends NamedTextListRecord<Name, Texts>>({
  kind,
  projectId,
}: CreateProps<Name, Texts, Rec>) {
  const navigate = useNavigate();
  return (
    <FormModalButton label={`Create ${kind.labels.one}`} icon={<IconPlus size={16} />}>
      {(close) => (
        <CreateNamedTextListForm
          kind={kind}
          projectId={projectId}
          onClose={close}
          onCreated={(record) => navigate(kind.paths.one(projectId, record.id))}
        />
      )}
    </FormModalButton>
  );
}
