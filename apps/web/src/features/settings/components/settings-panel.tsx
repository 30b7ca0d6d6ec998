import { PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { TSettingsField } from '../lib/settings-fields';
import type { TLocalSettings } from '../lib/settings-options';

type TSettingsPanelProps = {
  fields: readonly TSettingsField[];
  values: TLocalSettings;
  onChange: (key: keyof TLocalSettings, value: string | number | boolean) => void;
};

/** A tab's controls drawn from its field list; numbers are chosen as text and stored as numbers. */
export const SettingsPanel = ({ fields, values, onChange }: TSettingsPanelProps) => (
  <Stack gap="md" maw={560}>
    {fields.map((field) => {
      const value = values[field.key];
      if (field.kind === 'switch')
        return (
          <Switch
            key={field.key}
            label={field.label}
            description={field.description}
            checked={value === true}
            onChange={(event) => onChange(field.key, event.currentTarget.checked)}
          />
        );
      if (field.kind === 'select')
        return (
          <Select
            key={field.key}
            label={field.label}
            description={field.description}
            data={field.options}
            value={String(value)}
            allowDeselect={false}
            onChange={(next) => {
              if (next !== null) onChange(field.key, typeof value === 'number' ? Number(next) : next);
            }}
          />
        );
      const Input = field.secret ? PasswordInput : TextInput;
      return (
        <Input
          key={field.key}
          label={field.label}
          description={field.description}
          value={String(value)}
          maxLength={500}
          onChange={(event) => onChange(field.key, event.currentTarget.value)}
        />
      );
    })}
  </Stack>
);
