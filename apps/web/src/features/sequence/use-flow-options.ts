import { useMemo } from 'react';
import { MAX_PAGE_SIZE } from '@console/contracts';
import { intentApi } from '@/features/intent/api/intent-api';
import { slotApi } from '@/features/slot/api/slot-api';
import { sequenceApi } from './api/sequence-api';

export interface FlowOption {
  value: string;
  label: string;
}

// The builder offers every slot and intent by name: one page of the largest size, sorted, holds a project's.
const byName = (field: string) => ({ limit: MAX_PAGE_SIZE, sort_field: field, sort_direction: 'ascending' });

function toOptions<T extends { id: string }>(records: readonly T[] | undefined, label: (record: T) => string): FlowOption[] {
  return records?.map((record) => ({ value: record.id, label: label(record) })) ?? [];
}

/** The project's slots as choices for a node's Collect Slots (GET /project/{id}/slot). */
export function useSlotOptions(projectId: string): FlowOption[] {
  const { data } = slotApi.useList(projectId, byName('name'));
  return useMemo(() => toOptions(data?.records, (slot) => slot.name), [data]);
}

/** The project's intents as choices for a node's entry and follow-up intents (GET /project/{id}/intent). */
export function useIntentOptions(projectId: string): FlowOption[] {
  const { data } = intentApi.useList(projectId, byName('intent'));
  return useMemo(() => toOptions(data?.records, (intent) => intent.intent), [data]);
}

/** The project's sequences as choices for a scenario's nodes. */
export function useSequenceOptions(projectId: string): FlowOption[] {
  const { data } = sequenceApi.useList(projectId, byName('name'));
  return useMemo(() => toOptions(data?.records, (sequence) => sequence.name), [data]);
}
