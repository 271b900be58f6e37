import type { ReactNode } from 'react';
import { AppModal } from './app-modal';

/**
 * A modal whose form is created fresh on every opening (its body mounts only while open), so a
 * cancelled half-filled form does not come back. Uses AppModal (hidden during the timeout warning).
 */
export function FormModal({
  opened,
  onClose,
  title,
  children,
  size,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: string | number;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} centered size={size}>
      {opened && children}
    </AppModal>
  );
}
