import type { Slot } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import type { NamedTextListKind } from '@/features/named-text-list/named-text-list-kind';
import { slotApi } from './api/slot-api';

/** Slots on the shared named-text-list screens: a name and the terms that fill it. */
export const slotKind: NamedTextListKind<'name', 'terms', Slot> = {
  labels: { one: 'Slot', many: 'Slots', item: 'Term', items: 'Terms' },
  fields: { name: 'name', texts: 'terms' },
  api: slotApi,
  paths: { list: projectPaths.slots.to, one: projectPaths.slot.to },
};
