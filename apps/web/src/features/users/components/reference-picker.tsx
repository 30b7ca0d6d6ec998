import { PICKER_SEARCH_MIN_CHARS, type TUserSummary } from '@lending/domain';
import { Anchor, Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { pickerUsersQueryOptions } from '../api/list-picker-users';
import { referenceCandidatesQueryOptions } from '../api/list-users';

type TReferencePickerProps = {
  /** The chosen user's id as text; '' when none. */
  value: string;
  onChange: (value: string) => void;
  /** The user being edited, left out of the choices. */
  excludeId: number | null;
  /**
   * Agents search GET /auth/users (they may not list GET /users, and the server answers them only a
   * search of 2+ characters).
   */
  actorIsAgent: boolean;
  /** The saved reference (its id and name at least), so it shows before any search. */
  saved?: { id: number; name: string; email: string | null } | null;
  required: boolean;
  readOnly: boolean;
  error?: string | null;
  /** Shown as 'View reference details' when the saved reference is the chosen one. */
  onViewDetails?: () => void;
};

/** The searchable reference-customer picker of the user form. */
export const ReferencePicker = ({
  value,
  onChange,
  excludeId,
  actorIsAgent,
  required,
  readOnly,
  error,
  onViewDetails,
  saved = null,
}: TReferencePickerProps) => {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<TUserSummary | null>(null);
  const [term] = useDebouncedValue(search.trim(), 300);
  const searched = pickerUsersQueryOptions(term);
  const agentQuery = useQuery({ ...searched, enabled: actorIsAgent && searched.enabled });
  const staffQuery = useQuery({ ...referenceCandidatesQueryOptions(), enabled: !actorIsAgent });
  const query = actorIsAgent ? agentQuery : staffQuery;
  const options = useMemo(() => {
    const known = [chosen, saved].filter((user) => user !== null);
    const found = query.data ?? [];
    const extra = known.filter((user) => !found.some((candidate) => candidate.id === user.id));
    return [...found, ...extra]
      .filter((user, index, all) => user.id !== excludeId && all.findIndex((u) => u.id === user.id) === index)
      .map((user) => ({
        value: String(user.id),
        label: user.email ? `${user.name} (${user.email})` : user.name,
      }));
  }, [query.data, excludeId, chosen, saved]);
  const handleChange = (next: string | null) => {
    setChosen((query.data ?? []).find((user) => String(user.id) === next) ?? chosen);
    onChange(next ?? '');
  };
  const tooShort = actorIsAgent && search.trim().length < PICKER_SEARCH_MIN_CHARS;

  return (
    <div>
      <Select
        label="Reference Customer"
        placeholder={readOnly ? 'None' : 'Search for a reference user...'}
        searchable
        data={options}
        value={value === '' ? null : value}
        onChange={handleChange}
        {...(actorIsAgent && { searchValue: search, onSearchChange: setSearch })}
        nothingFoundMessage={
          tooShort
            ? `Type at least ${PICKER_SEARCH_MIN_CHARS} characters to search`
            : query.isFetching
              ? 'Loading users...'
              : 'No users found'
        }
        withAsterisk={required}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid="reference-picker"
      />
      {value === '' && onViewDetails === undefined ? null : (
        <Group gap="sm" mt={4}>
          {value === '' || readOnly ? null : (
            <Button variant="subtle" size="compact-xs" onClick={() => onChange('')}>
              Clear selection
            </Button>
          )}
          {onViewDetails === undefined ? null : (
            <Anchor component="button" type="button" size="xs" onClick={onViewDetails}>
              View reference details
            </Anchor>
          )}
        </Group>
      )}
    </div>
  );
};
