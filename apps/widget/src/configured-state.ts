import { useCallback, useState } from 'react';

type Update = boolean | ((current: boolean) => boolean);

/**
 * A flag that starts as the channel configures it and that the visitor may change. The visitor's
 * choice holds until the configured value itself changes (the channel editor's sandbox edits the
 * configuration live), which starts it afresh from the new value.
 */
export function useConfiguredState(configured: boolean): [boolean, (update: Update) => void] {
  const [choice, setChoice] = useState<{ over: boolean; value: boolean } | null>(null);
  const value = choice && choice.over === configured ? choice.value : configured;
  const set = useCallback(
    (update: Update) =>
      setChoice((previous) => {
        const current = previous && previous.over === configured ? previous.value : configured;
        return { over: configured, value: typeof update === 'function' ? update(current) : update };
      }),
    [configured],
  );
  return [value, set];
}
