import { ConfirmDelete } from '@/components/confirm-delete';

/** 'Delete Channel' confirmation: a page embedding its snippet stops showing the widget. */
export function DeleteChannelModal({
  name,
  onClose,
  onConfirm,
}: {
  /** The channel to delete, or null while closed. */
  name: string | null;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDelete
      opened={name !== null}
      onClose={onClose}
      title="Delete Channel"
      message={name === null ? undefined : `Delete the channel ${name}? Pages embedding its snippet no longer show the widget.`}
      onConfirm={onConfirm}
    />
  );
}
