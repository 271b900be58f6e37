import { useState } from 'react';
import { Group, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { INSIGHT_MAX_THRESHOLD } from '@console/contracts';
import { DeploymentSelect } from '@/components/deployment-select';
import type { InsightFilters } from '../insight-filters';
import { percent } from '../insight-words';

interface InboxFilterBarProps {
  projectId: string;
  filters: InsightFilters;
  /** null removes a filter: an emptied day goes back to its default, no deployment is every deployment. */
  onChange: <K extends keyof InsightFilters>(name: K, value: InsightFilters[K] | null) => void;
}

/** The threshold while it is dragged; the inbox is asked again only where the drag ends. */
function ThresholdSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? value;
  return (
    <Stack gap={4} w={260}>
      <Text size="xs" fw={500} aria-hidden="true">
        Confidence threshold
      </Text>
      <Slider
        min={0}
        max={INSIGHT_MAX_THRESHOLD}
        step={0.05}
        precision={2}
        value={shown}
        label={percent}
        onChange={setDragged}
        onChangeEnd={(next) => {
          setDragged(null);
          onChange(next);
        }}
        thumbLabel="Confidence threshold"
        thumbValueText={percent}
      />
      <Text size="xs" c="dimmed">
        {`Answers below ${percent(shown)} confidence count as failed`}
      </Text>
    </Stack>
  );
}

/**
 * The inbox's window (two days in the browser's zone, each bounding the other's picker), deployment,
 * confidence threshold, and whether the Real-Time Test's questions and dismissed topics count.
 */
export function InboxFilterBar({ projectId, filters, onChange }: InboxFilterBarProps) {
  return (
    <Group gap="md" align="flex-end" role="search" aria-label="Inbox filters" mb="md">
      <TextInput size="xs" type="date" label="From" value={filters.from} max={filters.to} onChange={(event) => onChange('from', event.currentTarget.value || null)} />
      <TextInput size="xs" type="date" label="To" value={filters.to} min={filters.from} onChange={(event) => onChange('to', event.currentTarget.value || null)} />
      <DeploymentSelect projectId={projectId} value={filters.deploymentKey} onChange={(key) => onChange('deploymentKey', key)} />
      <ThresholdSlider value={filters.threshold} onChange={(value) => onChange('threshold', value)} />
      <Stack gap={6}>
        <Switch size="xs" label="Include Real-Time Test" checked={filters.includeRealtime} onChange={(event) => onChange('includeRealtime', event.currentTarget.checked)} />
        <Switch size="xs" label="Show dismissed" checked={filters.includeDismissed} onChange={(event) => onChange('includeDismissed', event.currentTarget.checked)} />
      </Stack>
    </Group>
  );
}
