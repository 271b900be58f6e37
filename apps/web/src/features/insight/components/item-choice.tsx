import { useState } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import type { TopicDetail } from '@console/contracts';
import { ContentPicker } from '@/components/test-case-form';
import { percent } from '../insight-words';

const ANOTHER = 'another';

interface ItemChoiceProps {
  projectId: string;
  label: string;
  /** The items nearest the topic's questions, with their scores. */
  suggestions: TopicDetail['suggested_items'];
  /** The chosen item's id ('' for none). */
  value: string;
  onChange: (contentId: string) => void;
  error?: string | undefined;
}

/** A content item for the questions: one of the suggested, or another found by its subject. */
export function ItemChoice({ projectId, label, suggestions, value, onChange, error }: ItemChoiceProps) {
  const [another, setAnother] = useState(() => value !== '' && !suggestions.some((item) => item.content_id === value));
  if (suggestions.length === 0) return <ContentPicker projectId={projectId} label={label} value={value} onChange={onChange} error={error} />;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={label}
        value={another ? ANOTHER : value || null}
        onChange={(next) => {
          setAnother(next === ANOTHER);
          onChange(next === ANOTHER ? '' : next);
        }}
        error={another ? undefined : error}
      >
        <Stack gap={6} mt={4}>
          {suggestions.map((item) => (
            <Radio
              key={item.content_id}
              value={item.content_id}
              label={
                <Group gap={6} component="span">
                  <span>{item.subject}</span>
                  <Text span size="xs" c="dimmed">
                    {`score ${percent(item.score)}`}
                  </Text>
                </Group>
              }
            />
          ))}
          <Radio value={ANOTHER} label="Another item" />
        </Stack>
      </Radio.Group>
      {another && <ContentPicker projectId={projectId} label="Content item" value={value} onChange={onChange} error={error} />}
    </Stack>
  );
}
