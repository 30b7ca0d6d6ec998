import { Anchor, Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pickerUsersQueryOptions } from '../api/list-picker-users';
import { referenceCandidatesQueryOptions } from '../api/list-users';

type TReferencePickerProps = {
  /** The chosen user's id as text; '' when none. */
  value: string;
  onChange: (value: string) => void;
  /** The user being edited, left out of the choices. */
  excludeId: number | null;
  /** Agents load the choices from GET /auth/users (they may not list GET /users). */
  actorIsAgent: boolean;
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
}: TReferencePickerProps) => {
  const query = useQuery(actorIsAgent ? pickerUsersQueryOptions() : referenceCandidatesQueryOptions());
  const options = useMemo(
    () =>
      (query.data ?? [])
        .filter((user) => user.id !== excludeId)
        .map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` })),
    [query.data, excludeId],
  );

  return (
    <div>
      <Select
        label="Reference Customer"
        placeholder={readOnly ? 'None' : 'Search for a reference user...'}
        searchable
        data={options}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        nothingFoundMessage={query.isPending ? 'Loading users...' : 'No users found'}
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
