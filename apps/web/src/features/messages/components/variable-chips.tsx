import { Button, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { variableMarker } from '../lib/insert-variable';

type TVariableChipsProps = {
  variables: readonly string[];
  onInsert: (name: string) => void;
  disabled?: boolean;
};

/** The event's variables as buttons: each writes `{{name}}` where the caret was in the text being edited. */
export const VariableChips = ({ variables, onInsert, disabled = false }: TVariableChipsProps) => {
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} id={labelId}>
        Insert a variable
      </Text>
      <Group gap={6} mt={4} role="group" aria-labelledby={labelId}>
        {variables.map((name) => (
          <Button
            key={name}
            size="compact-xs"
            variant="default"
            radius="xl"
            ff="monospace"
            disabled={disabled}
            aria-label={`Insert ${variableMarker(name)}`}
            // Keeps the caret in the text: the insert needs to know where it was.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
          >
            {variableMarker(name)}
          </Button>
        ))}
      </Group>
    </div>
  );
};
