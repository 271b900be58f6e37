import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { withChosenOption } from '@/components/data-table';
import { FILTER_DEBOUNCE_MS } from '@/components/data-table/filter-bar';
import { useContentChoices, useContentItem } from '@/lib/api/content-choice';

interface ContentPickerProps {
  projectId: string;
  label: string;
  /** The chosen item's id ('' for none). */
  value: string;
  onChange: (contentId: string) => void;
  error?: string | undefined;
}

/**
 * A content item of the project, found by typing part of its subject: the server searches (a project
 * holds thousands of items), the choices are its first matches; a chosen item the matches leave out
 * (a saved case's, a prefilled one's) is still named by its subject.
 */
export function ContentPicker({ projectId, label, value, onChange, error }: ContentPickerProps) {
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const choices = useContentChoices(projectId, searched.trim());
  const listed = useMemo(() => choices.data?.records.map((item) => ({ value: item.id, label: item.subject })) ?? [], [choices.data]);
  const unlisted = value !== '' && !listed.some((option) => option.value === value);
  const chosen = useContentItem(unlisted ? value : null);
  const options = useMemo(() => {
    const named = chosen.data ? [...listed, { value: chosen.data.id, label: chosen.data.subject }] : listed;
    return withChosenOption(named, value || null);
  }, [listed, chosen.data, value]);

  return (
    <Select
      label={label}
      placeholder="Type part of its subject"
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has matched the subject already; the choices are not filtered again here.
      filter={({ options: all }) => all}
      nothingFoundMessage={choices.isFetching ? 'Searching...' : 'No content item matches'}
      allowDeselect={false}
      error={error}
    />
  );
}
