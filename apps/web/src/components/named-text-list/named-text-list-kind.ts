import type { z } from 'zod';
import type { ProjectRecord, ProjectRecordApi } from '@/lib/api/project-record-api';

/** The form values (and the body) of a named text list: its name field and its texts field. */
export type NamedTextListValues<Name extends string, Texts extends string> = { [K in Name]: string } & { [K in Texts]: string[] };

/** The contracts schema of the body; its texts field gives each line's message. */
export type NamedTextListBody<Name extends string, Texts extends string> = z.ZodType<NamedTextListValues<Name, Texts>> & {
  shape: Record<Texts, z.ZodType>;
};

/** What every named text list answers with. */
export type NamedTextListRecord<Name extends string, Texts extends string> = ProjectRecord &
  NamedTextListValues<Name, Texts> & { created_at: string; updated_at: string };

/**
 * A project record made of a name and a list of one-line texts (an intent and its utterances; a
 * slot, once typed, has its own form): what the shared screens need to list, show, edit, create
 * and delete one.
 */
export interface NamedTextListKind<
  Name extends string,
  Texts extends string,
  Rec extends NamedTextListRecord<Name, Texts> = NamedTextListRecord<Name, Texts>,
> {
  /** 'Intent', 'Intents'; one line of the list and the list: 'Utterance', 'Utterances'. */
  labels: { one: string; many: string; item: string; items: string };
  /** The fields of the name and of the texts, in the record and the body. */
  fields: { name: Name; texts: Texts };
  /** The calls, with the contracts list spec and body schema. */
  api: ProjectRecordApi<Rec, NamedTextListBody<Name, Texts>>;
  /** The project's list page and one record's page. */
  paths: { list: (projectId: string) => string; one: (projectId: string, id: string) => string };
}

export function namedTextListValues<Name extends string, Texts extends string>(
  fields: { name: Name; texts: Texts },
  name: string,
  texts: string[],
): NamedTextListValues<Name, Texts> {
  // TypeScript widens an object with computed keys to an index signature; these two keys are exactly the type's.
  return { [fields.name]: name, [fields.texts]: texts } as NamedTextListValues<Name, Texts>;
}
