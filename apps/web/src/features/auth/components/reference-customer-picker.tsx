import type { TUserSummary } from '@lending/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { REFERENCE_SEARCH_MIN_CHARS, useReferenceUsers } from '../api/search-reference-users';

/** The server is asked once typing pauses this long. */
export const REFERENCE_SEARCH_DEBOUNCE_MS = 300;

const optionLabel = (user: TUserSummary) => `${user.name} (${user.email})`;

type TReferenceCustomerPickerProps = {
  /** The chosen user's id as text; '' when cleared. */
  onChange: (value: string) => void;
  error?: string | null;
};

/**
 * Optional reference customer for the public registration page: the server searches by name or
 * e-mail (case-insensitive) once at least 2 characters are typed.
 */
export const ReferenceCustomerPicker = ({ onChange, error }: TReferenceCustomerPickerProps) => {
  const [value, setValue] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TUserSummary | null>(null);
  const term = search.trim();
  const [debounced] = useDebouncedValue(term, REFERENCE_SEARCH_DEBOUNCE_MS);
  const isSelectedLabel = selected !== null && term === optionLabel(selected);
  const query = useReferenceUsers(isSelectedLabel ? '' : debounced);

  const options = useMemo(() => {
    const found = query.data ?? [];
    const withSelected =
      selected !== null && !found.some((user) => user.id === selected.id) ? [selected, ...found] : found;
    return withSelected.map((user) => ({ value: String(user.id), label: optionLabel(user) }));
  }, [query.data, selected]);

  const waiting = !isSelectedLabel && (debounced !== term || query.isFetching);
  const nothingFound =
    term.length < REFERENCE_SEARCH_MIN_CHARS
      ? `Type at least ${REFERENCE_SEARCH_MIN_CHARS} characters to search`
      : waiting
        ? 'Loading users...'
        : 'No users found';

  const handleChange = (next: string | null) => {
    const user = (query.data ?? []).find((candidate) => String(candidate.id) === next) ?? null;
    setSelected(next === null ? null : (user ?? selected));
    setValue(next);
    onChange(next ?? '');
  };

  return (
    <Select
      label="Reference Customer (optional)"
      placeholder="Search by name or email..."
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={value}
      onChange={handleChange}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
