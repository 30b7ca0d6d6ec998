import { Grid, type GridColProps, Select, type SelectProps } from '@mantine/core';
import type { ComponentProps } from 'react';
import { SearchInput } from './search-input';

type TCellProps = {
  /** The field's cell in the filter grid. */
  span: GridColProps['span'];
};

type TFilterSelectProps = TCellProps &
  Omit<SelectProps, 'value' | 'onChange'> & {
    /** '' means no choice: the select shows its placeholder (filters keep '' for "any"). */
    value: string;
    onValueChange: (value: string) => void;
  };

/** A select cell of a filter grid; clearing it gives back '' (the filter's "any"). */
export const FilterSelect = ({ span, value, onValueChange, ...props }: TFilterSelectProps) => (
  <Grid.Col span={span}>
    <Select value={value === '' ? null : value} onChange={(next) => onValueChange(next ?? '')} {...props} />
  </Grid.Col>
);

type TFilterSearchProps = TCellProps & Omit<ComponentProps<typeof SearchInput>, 'label'>;

/** The "Search" box cell of a filter grid. */
export const FilterSearch = ({ span, ...props }: TFilterSearchProps) => (
  <Grid.Col span={span}>
    <SearchInput label="Search" {...props} />
  </Grid.Col>
);
