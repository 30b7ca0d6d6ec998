import { Button, Grid, Group, Paper, type SelectProps, Stack } from '@mantine/core';
import { FilterSearch, FilterSelect } from '../../../components/filter-fields';
import type { TTokenFilters } from '../api/list-tokens';
import { useTokenUsers } from '../api/list-users';

const DEVICE_TYPES = ['web', 'android', 'ios'];
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const SELECT_SPAN = { base: 12, sm: 4, md: 3 };

/** One of the clearable selects: '' in the draft means "all". */
type TSelectField = Pick<SelectProps, 'label' | 'placeholder' | 'searchable' | 'data'> & {
  key: 'user_id' | 'device_type' | 'is_active';
};

type TProps = {
  draft: TTokenFilters;
  onDraftChange: (draft: TTokenFilters) => void;
  onApply: () => void;
  onReset: () => void;
};

/** Search, user, device type and active flag; nothing applies until Apply Filters. */
export const TokenFilters = ({ draft, onDraftChange, onApply, onReset }: TProps) => {
  const users = useTokenUsers();
  const set = <K extends keyof TTokenFilters>(key: K, value: TTokenFilters[K]) =>
    onDraftChange({ ...draft, [key]: value });
  const selects: TSelectField[] = [
    {
      key: 'user_id',
      label: 'User',
      placeholder: 'All users',
      searchable: true,
      data: (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name })),
    },
    { key: 'device_type', label: 'Device Type', placeholder: 'All devices', data: DEVICE_TYPES },
    { key: 'is_active', label: 'Active', placeholder: 'All', data: ACTIVE_OPTIONS },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Grid gap="sm">
          <FilterSearch
            span={{ base: 12, md: 3 }}
            placeholder="User name or e-mail"
            value={draft.search}
            onValueChange={(value) => set('search', value)}
          />
          {selects.map(({ key, ...props }) => (
            <FilterSelect
              key={key}
              span={SELECT_SPAN}
              clearable
              value={draft[key]}
              // The selects offer only their own options, so the value fits the key's type.
              onValueChange={(value) => onDraftChange({ ...draft, [key]: value } as TTokenFilters)}
              {...props}
            />
          ))}
        </Grid>
        <Group gap="xs">
          <Button onClick={onApply}>Apply Filters</Button>
          <Button variant="default" onClick={onReset}>
            Reset
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
