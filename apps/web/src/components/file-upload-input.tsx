import { FileInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';

interface FileUploadInputProps {
  label: string;
  description: string;
  /** The file types the picker offers. */
  accept: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
}

/** The file field of an import form (a project archive, test cases), focused when its modal opens. */
export function FileUploadInput({ label, description, accept, value, onChange, error }: FileUploadInputProps) {
  return (
    <FileInput
      label={label}
      description={description}
      accept={accept}
      clearable
      leftSection={<IconFileUpload size={16} />}
      placeholder="Choose a file"
      data-autofocus
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
