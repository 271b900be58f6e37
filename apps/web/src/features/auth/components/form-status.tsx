import { Text } from '@mantine/core';
import { loginMessages } from '@console/contracts';

/** Under the submit button: the validation hint, the server's refusal in red, or a note. */
export function FormStatus({
  hint,
  error,
  success,
  notice,
}: {
  hint?: string | null;
  error?: string | null;
  success?: string | null;
  notice?: string | null;
}) {
  return (
    <>
      {hint && (
        <Text size="sm" c="orange.8" data-testid="form-hint">
          {loginMessages.hint(hint)}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.7" role="alert" data-testid="form-error">
          {error}
        </Text>
      )}
      {success && (
        <Text size="sm" c="green.8" role="status" data-testid="form-success">
          {success}
        </Text>
      )}
      {notice && (
        <Text size="sm" c="blue.8" role="status" data-testid="form-notice">
          {notice}
        </Text>
      )}
    </>
  );
}
