import type { Intent } from '@console/contracts';
import type { NamedTextListKind } from '@/components/named-text-list/named-text-list-kind';
import { projectPaths } from '@/config/paths';
import { intentApi } from '@/lib/api/intent-api';

/** Intents on the shared named-text-list screens: a name and its utterances. */
export const intentKind: NamedTextListKind<'intent', 'utterances', Intent> = {
  labels: { one: 'Intent', many: 'Intents', item: 'Utterance', items: 'Utterances' },
  fields: { name: 'intent', texts: 'utterances' },
  api: intentApi,
  paths: { list: projectPaths.intents.to, one: projectPaths.intent.to },
};
