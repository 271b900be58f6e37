import { Anchor, Card, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Content } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { StatusBadge } from '@/components/status-badge';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/** The card of a content item: subject, status, ID, Reporting ID and View Source when it has one. */
export function ContentDetails({ content }: { content: Content }) {
  const mono = (value: string) => (
    <Text ff="monospace" size="xs">
      {value}
    </Text>
  );
  return (
    <Card withBorder padding="md" component="section" aria-label="Content details">
      <DetailList
        items={[
          { label: 'Subject', value: content.subject },
          { label: 'Status', value: <StatusBadge status={content.status} /> },
          { label: 'ID', value: mono(content.id) },
          { label: 'Reporting ID', value: mono(content.reporting_id) },
          { label: 'Words', value: content.num_response_words },
          { label: 'Modified', value: formatDateTime(content.updated_at) },
          ...(content.source_id
            ? [
                {
                  label: 'Source',
                  value: (
                    <Anchor component={Link} to={projectPaths.source.to(content.project_id, content.source_id)} size="sm">
                      <IconExternalLink size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden="true" />
                      View Source
                    </Anchor>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
