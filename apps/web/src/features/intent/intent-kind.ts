import type { Intent } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import type { NamedTextListKind } from '@/features/named-text-list/named-text-list-kind';
import { intentApi } from './api/intent-api';

/** Intents on the shared named-text-list screens: a name and its utterances. */
export const intentKind: NamedTextListKind<'intent', 'utterances', Intent> = {
  labels: { one: 'Intent', many: 'Intents', item: 'Utterance', items: 'Utterances' },
  fields: { name: 'intent', texts: 'utterances' },
  api: intentApi,
  paths: { list: projectPaths.intents.to, one: projectPaths.intent.to },
};
