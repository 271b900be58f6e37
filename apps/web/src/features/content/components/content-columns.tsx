import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { ContentSummary } from '@console/contracts';
import type { DataTableColumn } from '@/components/data-table';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/** The columns of content lists, shared by the project's and a source's list. */

export function subjectColumn(projectId: string): DataTableColumn<ContentSummary> {
  return {
    key: 'subject',
    header: 'Subject',
    sortField: 'subject',
    filterField: 'subject',
    render: (content) => (
      <Anchor component={Link} to={projectPaths.content.to(projectId, content.id)} size="sm">
        {content.subject}
      </Anchor>
    ),
  };
}

/** The response's word count: 'Words' in the project's list, 'Word Count' (filterable) in a source's. */
export function wordsColumn(header: string, { filterable = false } = {}): DataTableColumn<ContentSummary> {
  return {
    key: 'words',
    header,
    sortField: 'num_response_words',
    ...(filterable && { filterField: 'num_response_words' }),
    render: (content) => content.num_response_words,
  };
}

export function createdColumn(): DataTableColumn<ContentSummary> {
  return {
    key: 'created',
    header: 'Created',
    sortField: 'created_at',
    filterField: 'created_at',
    render: (content) => formatDateTime(content.created_at),
  };
}
