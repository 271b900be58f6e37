import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { FormModal } from './form-modal';

interface FormModalButtonProps {
  /** The button's text; also the modal's title unless `title` is given. */
  label: string;
  title?: string;
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  /** The modal's width (Mantine's size), for a form wider than the default. */
  size?: string | number;
  /** Runs when the button opens the modal. */
  onOpen?: () => void;
  /** The modal's form, given the function that closes the modal. */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a FormModal with a fresh form inside. */
export function FormModalButton({ label, title = label, icon, variant, size, onOpen, children }: FormModalButtonProps) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button
        variant={variant}
        leftSection={icon}
        onClick={() => {
          onOpen?.();
          setOpened(true);
        }}
      >
        {label}
      </Button>
      <FormModal opened={opened} onClose={close} title={title} size={size}>
        {children(close)}
      </FormModal>
    </>
  );
}
