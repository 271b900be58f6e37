import { Button, Group, Stack, Text } from '@mantine/core';
import { sourceConversionLabels, type Source, type SourceType } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { FormError } from '@/components/entity-form';
import { useConvertSource } from '../api/convert-source';
import { sourceTypeLabels } from '../source-types';

/**
 * What a downgrade does, where it is offered: only the type changes (the server keeps the source's
 * configuration and KB, and its content items stay), but the plainer type is neither edited nor pulled.
 */
export function downgradeSummary(target: SourceType): string {
  return `Its type becomes ${sourceTypeLabels[target]}: nothing is deleted, but it can no longer be edited or pulled.`;
}

function DowngradeBody({ source, target, onClose }: { source: Source; target: SourceType; onClose: () => void }) {
  const convert = useConvertSource(source);
  return (
    <Stack gap="sm">
      <Text size="sm">
        {`Downgrade ${source.display_name} from ${sourceTypeLabels[source.type]} to ${sourceTypeLabels[target]}? ` +
          `It can no longer be edited or pulled until it is converted back.`}
      </Text>
      <Text size="sm" c="dimmed">
        {`Only its type changes: its ${source.type === 'rich_editor' ? 'document' : 'configuration'}, its KB and the ` +
          `content items it made are kept, and '${sourceConversionLabels[target] ?? 'Convert'}' brings it back as it was.`}
      </Text>
      <FormError error={convert.error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={convert.isPending}>
          Cancel
        </Button>
        <Button
          color="orange"
          loading={convert.isPending}
          data-autofocus
          onClick={() => convert.mutate({ type: target }, { onSuccess: onClose })}
        >
          Downgrade
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Downgrade Source' confirmation: says what the source becomes (rich_editor -> editor, pipeline -> custom). */
export function DowngradeSourceModal({
  source,
  target,
  opened,
  onClose,
}: {
  source: Source;
  target: SourceType;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Downgrade Source" centered>
      {opened && <DowngradeBody source={source} target={target} onClose={onClose} />}
    </AppModal>
  );
}
