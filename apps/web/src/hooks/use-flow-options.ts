import { useMemo } from 'react';
import type { Slot } from '@console/contracts';
import { intentApi } from '@/lib/api/intent-api';
import { sequenceApi } from '@/lib/api/sequence-api';
import { slotApi } from '@/lib/api/slot-api';

export interface FlowOption {
  value: string;
  label: string;
}

function toOptions<T extends { id: string }>(records: readonly T[] | undefined, label: (record: T) => string): FlowOption[] {
  return records?.map((record) => ({ value: record.id, label: label(record) })) ?? [];
}

/** A slot to collect, with how it asks by itself (what a node's empty prompt, re-prompt and attempts leave to it). */
export interface SlotOption extends FlowOption {
  asked: Pick<Slot, 'prompt' | 'reprompt' | 'max_attempts'>;
}

/** The project's slots as choices for a node's Collect Slots (GET /project/{id}/slot). */
export function useSlotOptions(projectId: string): SlotOption[] {
  const { data } = slotApi.useAll(projectId, 'name');
  return useMemo(
    () => data?.map(({ id, name, prompt, reprompt, max_attempts }) => ({ value: id, label: name, asked: { prompt, reprompt, max_attempts } })) ?? [],
    [data],
  );
}

/** The project's intents as choices for a node's entry and follow-up intents (GET /project/{id}/intent). */
export function useIntentOptions(projectId: string): FlowOption[] {
  const { data } = intentApi.useAll(projectId, 'intent');
  return useMemo(() => toOptions(data, (intent) => intent.intent), [data]);
}

/** The project's sequences as choices for a scenario's nodes. */
export function useSequenceOptions(projectId: string): FlowOption[] {
  const { data } = sequenceApi.useAll(projectId, 'name');
  return useMemo(() => toOptions(data, (sequence) => sequence.name), [data]);
}
