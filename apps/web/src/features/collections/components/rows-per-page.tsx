import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseRowsPerPage, ROWS_PER_PAGE_OPTIONS } from '../lib/rows-per-page';

const CUSTOM = 'custom';

type TRowsPerPageProps = { value: number; onChange: (rows: number) => void };

const isPreset = (rows: number) => (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows);

/** Rows per page: 10, 20, 50, 100 or Custom with a Set button (an integer above 0). */
export const RowsPerPage = ({ value, onChange }: TRowsPerPageProps) => {
  const [custom, setCustom] = useState(!isPreset(value));
  const [text, setText] = useState(isPreset(value) ? '' : String(value));
  const [error, setError] = useState<string | null>(null);

  const handleSet = () => {
    const parsed = parseRowsPerPage(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    onChange(parsed.value);
  };

  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label="Rows per page"
        w={130}
        data={[
          ...ROWS_PER_PAGE_OPTIONS.map((rows) => ({ value: String(rows), label: String(rows) })),
          { value: CUSTOM, label: 'Custom' },
        ]}
        value={custom ? CUSTOM : String(value)}
        allowDeselect={false}
        onChange={(next) => {
          if (next === CUSTOM) {
            setCustom(true);
            return;
          }
          setCustom(false);
          setError(null);
          if (next !== null) onChange(Number(next));
        }}
      />
      {custom ? (
        <>
          <TextInput
            label="Custom rows"
            w={130}
            inputMode="numeric"
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') handleSet();
            }}
          />
          <Button mt={25} variant="default" onClick={handleSet}>
            Set
          </Button>
        </>
      ) : null}
    </Group>
  );
};
