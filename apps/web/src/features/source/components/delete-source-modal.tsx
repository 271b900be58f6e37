import { ConfirmDelete } from '@/components/confirm-delete';

/** 'Delete Source' confirmation; the content items the source made are kept (without their source). */
export function DeleteSourceModal({
  name,
  onClose,
  onConfirm,
}: {
  /** The source to delete, or null while closed. */
  name: string | null;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDelete
      opened={name !== null}
      onClose={onClose}
      title="Delete Source"
      message={name === null ? undefined : `Delete the source ${name}? The content items it made are kept.`}
      onConfirm={onConfirm}
    />
  );
}
