import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type TSearchInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A list's search box: the magnifier icon, the text as typed. Without a visible `label` it is named
 * "Search" for screen readers (the placeholder is no name); an `aria-label` of the caller's wins.
 */
export const SearchInput = ({ value, onValueChange, ...props }: TSearchInputProps) => (
  <TextInput
    leftSection={<IconSearch size={16} />}
    aria-label={props.label === undefined ? 'Search' : undefined}
    value={value}
    onChange={(event) => onValueChange(event.currentTarget.value)}
    {...props}
  />
);
