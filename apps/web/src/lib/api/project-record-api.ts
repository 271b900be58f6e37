import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listResponse, MAX_PAGE_SIZE, type ListResponse, type ListSpec } from '@console/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type ListParams = Record<string, string | number>;

/** What every project record answers with (server: platform/project-records.ts). */
export interface ProjectRecord {
  id: string;
  project_id: string;
}

/** Every record of a list, read a page at a time from `offset` 0 until the list's total (or an empty page). */
export async function everyRecord<Rec>(readPage: (offset: number) => Promise<ListResponse<Rec>>): Promise<Rec[]> {
  const records: Rec[] = [];
  for (;;) {
    const page = await readPage(records.length);
    records.push(...page.records);
    if (!page.records.length || records.length >= page.total) return records;
  }
}

/**
 * The calls of one kind of project record, with their contracts, query hooks and invalidations:
 * list and create at /project/{id}/{path}, read, update and delete at /{path}/{id}. A project's list
 * lives under [path, 'list', projectId], one record under [path, 'detail', id]. Writes take the body
 * as the form's schema parsed it (the body schema's output) and send it parsed again. A kind whose
 * update takes other fields than its creation (a sequence's flow) gives an `update` schema.
 */
export function projectRecordApi<Rec, BodySchema extends z.ZodType, UpdateSchema extends z.ZodType = BodySchema>(
  path: string,
  contracts: { record: z.ZodType<Rec>; body: BodySchema; list: ListSpec; update?: UpdateSchema },
) {
  type Body = z.output<BodySchema>;
  type UpdateBody = z.output<UpdateSchema>;
  // Without an update schema, UpdateSchema is BodySchema (its default).
  const update = (contracts.update ?? contracts.body) as UpdateSchema;
  const keys = {
    lists: (projectId: string) => [path, 'list', projectId] as const,
    list: (projectId: string, query: ListParams) => [path, 'list', projectId, query] as const,
    detail: (id: string) => [path, 'detail', id] as const,
  };
  const listSchema = listResponse(contracts.record);
  const inProject = (projectId: string) => `/project/${encodeURIComponent(projectId)}/${path}`;
  const one = (id: string) => `/${path}/${encodeURIComponent(id)}`;

  return {
    contracts,
    keys,

    useList(projectId: string, query: ListParams) {
      return useQuery({
        queryKey: keys.list(projectId, query),
        queryFn: ({ signal }) => api.get(inProject(projectId), { query, schema: listSchema, signal }),
        placeholderData: keepPreviousData,
      });
    },

    /** Every record of the project, sorted by `sortField` ascending, read page after page (choices in a form). */
    useAll(projectId: string, sortField: string) {
      return useQuery({
        queryKey: keys.list(projectId, { all: sortField }),
        queryFn: ({ signal }) =>
          everyRecord((offset) =>
            api.get(inProject(projectId), {
              query: { limit: MAX_PAGE_SIZE, offset, sort_field: sortField, sort_direction: 'ascending' },
              schema: listSchema,
              signal,
            }),
          ),
      });
    },

    useOne(id: string) {
      return useQuery({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api.get(one(id), { schema: contracts.record, signal }),
        enabled: Boolean(id),
      });
    },

    useCreate(projectId: string) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: Body) => api.post(inProject(projectId), contracts.body.parse(body), { schema: contracts.record }),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.lists(projectId) }),
      });
    },

    useUpdate(id: string) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: UpdateBody) => api.put(one(id), update.parse(body), { schema: contracts.record }),
        onSuccess: (record) => {
          queryClient.setQueryData(keys.detail(id), record);
          // Every list of this kind: a record need not carry its project at the top (a scenario's sits in `scenario`).
          void queryClient.invalidateQueries({ queryKey: [path, 'list'] });
        },
      });
    },

    useDelete(projectId: string) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string): Promise<unknown> => api.delete(one(id)),
        onSuccess: (_answer, id) => {
          queryClient.removeQueries({ queryKey: keys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: keys.lists(projectId) });
        },
      });
    },
  };
}

export type ProjectRecordApi<Rec extends ProjectRecord, BodySchema extends z.ZodType> = ReturnType<
  typeof projectRecordApi<Rec, BodySchema>
>;
