import { Button, Text } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { sourceConversionLabels, type Source, type SourceType } from '@console/contracts';
import { FormError } from '@/components/entity-form';
import { useConvertSource } from '../api/convert-source';
import { sourceTypeLabels } from '../source-types';
import { SourceCard } from './source-card';

/** An editor or custom source: it is edited after converting it to its richer type. */
export function ConvertSourceCard({ source, target, canUpdate }: { source: Source; target: SourceType; canUpdate: boolean }) {
  const convert = useConvertSource(source);
  return (
    <SourceCard title={sourceTypeLabels[source.type]}>
      <Text size="sm">
        {`Convert this source to ${sourceTypeLabels[target]} to edit it here.`}
      </Text>
      {canUpdate && (
        <Button
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconArrowUpRight size={16} />}
          loading={convert.isPending}
          onClick={() => convert.mutate({ type: target })}
        >
          {sourceConversionLabels[source.type]}
        </Button>
      )}
      <FormError error={convert.error} />
    </SourceCard>
  );
}
