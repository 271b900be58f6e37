import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contentSchema, contentSummarySchema, listResponse } from '@console/contracts';
import { api } from '@/lib/api-client';

/** How many items a search offers at once: a picker narrows by typing, not by scrolling. */
const CHOICES_SHOWN = 20;

const choicesResponse = listResponse(contentSummarySchema);

/**
 * A project's content items whose subject contains `search`, by subject, as choices in a form (a test
 * case's expected item). Under ['content', 'list'], so a change to the content refreshes them.
 */
export function useContentChoices(projectId: string, search: string) {
  return useQuery({
    queryKey: ['content', 'list', 'choices', projectId, search] as const,
    queryFn: ({ signal }) =>
      api.get(`/project/${encodeURIComponent(projectId)}/content`, {
        query: { limit: CHOICES_SHOWN, sort_field: 'subject', sort_direction: 'ascending', ...(search ? { subject__like: search } : {}) },
        schema: choicesResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One content item (GET /content/{id}), to name a chosen item no search has listed; the content pages' own key. */
export function useContentItem(contentId: string | null) {
  return useQuery({
    queryKey: ['content', 'detail', contentId ?? ''] as const,
    queryFn: ({ signal }) => api.get(`/content/${encodeURIComponent(contentId!)}`, { schema: contentSchema, signal }),
    enabled: Boolean(contentId),
  });
}
