import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Switch, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { NUMBER_FILTER_INPUT, type FilterSpec, type NumberFilterBounds } from '@console/contracts';
import { filterKey } from './list-state';
import type { ListQueryControls } from './use-list-query';

/** How long typing pauses before a text filter reaches the URL (and the server). */
export const FILTER_DEBOUNCE_MS = 300;

export interface FilterField {
  field: string;
  header: string;
  /** Readable names of a select filter's values. */
  labels?: Record<string, string> | undefined;
  /** The values a key filter may take, named (a project's deployments); without them the key is typed. */
  options?: FilterOption[] | undefined;
  /**
   * A select filter of 'true' and 'false' shown as a switch named by the header: on sets `{field}__eq=true`,
   * off removes the filter (the list's default).
   */
  asSwitch?: boolean | undefined;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A text input whose value follows the URL but writes to it only after a pause in typing. */
function DebouncedText({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const sent = useRef(value);
  const commit = useDebouncedCallback((next: string) => {
    sent.current = next;
    onCommit(next);
  }, FILTER_DEBOUNCE_MS);

  // Back/forward or 'Clear filters' changed the URL: show it, unless it is what we just sent. Typing
  // not yet sent is older than that change: dropped, or it would put back what the box no longer shows.
  useEffect(() => {
    if (value !== sent.current) {
      commit.cancel();
      sent.current = value;
      setDraft(value);
    }
  }, [value, commit]);

  return (
    <TextInput
      size="xs"
      label={label}
      value={draft}
      leftSection={<IconSearch size={14} />}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      w={200}
    />
  );
}

function SelectFilter({ header, field, labels, spec, list }: FilterField & { spec: Extract<FilterSpec, { kind: 'select' }>; list: ListQueryControls }) {
  const eqKey = filterKey(field, 'eq');
  const neqKey = filterKey(field, 'neq');
  const stored = list.state.filters[neqKey] ?? list.state.filters[eqKey] ?? null;
  // With no value chosen yet, the comparator is only a local choice; with one, the URL key tells.
  const [negatedChoice, setNegatedChoice] = useState(false);
  const negated = stored === null ? negatedChoice : list.state.filters[neqKey] !== undefined;
  const label = `Filter by ${header}`;

  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <Select
        size="xs"
        label={label}
        data={spec.values.map((value) => ({ value, label: labels?.[value] ?? value }))}
        value={stored}
        clearable
        placeholder="Any"
        onChange={(next) => list.setFilters({ [negated ? neqKey : eqKey]: next, [negated ? eqKey : neqKey]: null })}
        w={150}
      />
      <Tooltip label={negated ? 'Showing everything except this value' : 'Showing only this value'}>
        <ActionIcon
          variant="default"
          size={30}
          aria-label={negated ? 'Excluding the chosen value' : 'Matching the chosen value'}
          aria-pressed={negated}
          onClick={() => {
            setNegatedChoice(!negated);
            if (stored !== null) list.setFilters({ [negated ? neqKey : eqKey]: null, [negated ? eqKey : neqKey]: stored });
          }}
        >
          {negated ? '≠' : '='}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The options of a key's Select with the chosen key among them: a key the options do not name (a
 * deleted deployment, a stale link, options still loading) shows as itself instead of as nothing.
 */
export function withChosenOption(options: FilterOption[], value: string | null): FilterOption[] {
  return value === null || options.some((option) => option.value === value) ? options : [...options, { value, label: value }];
}

/** An identifier matched exactly (eq only): chosen by name from the options when given, typed otherwise. */
function KeyFilter({ header, field, options, list }: FilterField & { list: ListQueryControls }) {
  const key = filterKey(field, 'eq');
  const value = list.state.filters[key] ?? null;
  const label = `Filter by ${header}`;
  if (!options) {
    return <DebouncedText label={label} value={value ?? ''} onCommit={(next) => list.setFilter(key, next)} />;
  }
  return (
    <Select
      size="xs"
      label={label}
      data={withChosenOption(options, value)}
      value={value}
      clearable
      searchable
      placeholder="Any"
      onChange={(next) => list.setFilter(key, next)}
      w={180}
    />
  );
}

/** A 'true'/'false' filter as a switch: on asks for `true`, off leaves the list's default. */
function SwitchFilter({ header, field, list }: FilterField & { list: ListQueryControls }) {
  const key = filterKey(field, 'eq');
  return (
    <Switch
      size="sm"
      label={header}
      checked={list.state.filters[key] === 'true'}
      onChange={(event) => list.setFilter(key, event.currentTarget.checked ? 'true' : null)}
      mb={6}
    />
  );
}

function RangeFilter({
  header,
  field,
  kind,
  bounds: ownBounds,
  list,
}: FilterField & { kind: 'date' | 'number'; bounds: NumberFilterBounds | undefined; list: ListQueryControls }) {
  const fromKey = filterKey(field, 'gte');
  const toKey = filterKey(field, 'lte');
  const from = list.state.filters[fromKey] ?? '';
  const to = list.state.filters[toKey] ?? '';
  // Each date bound limits the other's picker, so the range cannot end before it starts.
  const bounds = [
    { name: 'from', key: fromKey, value: from, min: undefined, max: to || undefined },
    { name: 'to', key: toKey, value: to, min: from || undefined, max: undefined },
  ];
  const input = ownBounds ?? NUMBER_FILTER_INPUT;
  const { min, max } = input;
  // Numbers from min to max (whole ones unless the step is a fraction): a typed value beyond them is
  // taken as the nearest bound at once (not only on blur), so the list never asks for it; the
  // spinbutton role announces the bounds.
  const numberProps = {
    ...input,
    size: 'xs',
    w: 110,
    allowDecimal: !Number.isInteger(input.step),
    allowNegative: false,
    role: 'spinbutton',
    'aria-valuemin': min,
    'aria-valuemax': max,
  } as const;
  // What is typed stays as typed while within the bounds ('0.' on the way to '0.5').
  const setNumber = (key: string, next: number | string) => {
    if (next === '') return list.setFilter(key, null);
    const number = Number(next);
    list.setFilter(key, number < min || number > max ? String(Math.min(max, Math.max(min, number))) : String(next));
  };

  return (
    <Group gap="xs" wrap="nowrap">
      {bounds.map((bound) =>
        kind === 'date' ? (
          <TextInput
            key={bound.name}
            size="xs"
            type="date"
            label={`Filter by ${header} ${bound.name}`}
            value={bound.value}
            min={bound.min}
            max={bound.max}
            onChange={(event) => list.setFilter(bound.key, event.currentTarget.value || null)}
          />
        ) : (
          <NumberInput
            key={bound.name}
            {...numberProps}
            label={`Filter by ${header} ${bound.name}`}
            value={bound.value}
            aria-valuenow={bound.value === '' ? undefined : Number(bound.value)}
            onChange={(next) => setNumber(bound.key, next)}
          />
        ),
      )}
    </Group>
  );
}

/** One control per filterable column (the comparators its list spec allows), all reading and writing the URL. */
export function FilterBar({ fields, list }: { fields: FilterField[]; list: ListQueryControls }) {
  const specs = list.spec.filters as Record<string, FilterSpec | undefined>;
  const active = Object.keys(list.state.filters).length > 0;
  // Each 'Clear filters' mounts the text boxes anew: typing not yet sent is dropped with them, also
  // where the box's own filter was not in the URL yet (so the URL change alone would not reach it).
  const [clears, setClears] = useState(0);

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filters">
      {fields.map(({ field, header, labels, options, asSwitch }) => {
        const spec = specs[field];
        if (!spec) return null;
        if (asSwitch && spec.kind === 'select') return <SwitchFilter key={field} field={field} header={header} list={list} />;
        const label = `Filter by ${header}`;
        switch (spec.kind) {
          case 'text': {
            const key = filterKey(field, 'like');
            return (
              <DebouncedText
                key={`${field}:${clears}`}
                label={label}
                value={list.state.filters[key] ?? ''}
                onCommit={(value) => list.setFilter(key, value)}
              />
            );
          }
          case 'select':
            return <SelectFilter key={field} field={field} header={header} labels={labels} spec={spec} list={list} />;
          case 'key':
            return <KeyFilter key={field} field={field} header={header} options={options} list={list} />;
          case 'date':
          case 'number':
            return (
              <RangeFilter key={field} field={field} header={header} kind={spec.kind} bounds={spec.kind === 'number' ? spec.bounds : undefined} list={list} />
            );
        }
      })}
      {active && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconFilterOff size={14} />}
          onClick={() => {
            list.clearFilters();
            setClears((count) => count + 1);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
