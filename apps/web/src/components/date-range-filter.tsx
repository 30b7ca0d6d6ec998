import { Grid, type GridColProps } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { PICKER_FORMAT, parsePickerDate } from '../lib/date-input';

/** A date picker showing dd/mm/yyyy and reading what people type (see `parsePickerDate`). */
export const PickerDateInput = (props: DateInputProps) => (
  <DateInput placeholder="dd/mm/yyyy" valueFormat={PICKER_FORMAT} dateParser={parsePickerDate} {...props} />
);

/** How a range's pickers show and read dates, where a screen does not use dd/mm/yyyy. */
export type TPickerFormat = Pick<DateInputProps, 'placeholder' | 'valueFormat' | 'dateParser'>;

type TDateRangeFilterProps = {
  /** 'YYYY-MM-DD' or '' (no bound). */
  from: string;
  to: string;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  labels: readonly [from: string, to: string];
  /** Each picker's cell in the filter grid. */
  span: GridColProps['span'];
  /** Each date bounds the other picker's calendar. */
  bounded?: boolean;
  /** A message under the second picker (a range the screen refuses). */
  toError?: ReactNode;
  format?: TPickerFormat;
};

const orNull = (value: string): string | null => (value === '' ? null : value);
const orUndefined = (value: string): string | undefined => (value === '' ? undefined : value);

/** The from/to pickers of a filter grid: two clearable cells. */
export const DateRangeFilter = ({
  from,
  to,
  onFromChange,
  onToChange,
  labels,
  span,
  bounded = false,
  toError,
  format,
}: TDateRangeFilterProps) => (
  <>
    <Grid.Col span={span}>
      <PickerDateInput
        label={labels[0]}
        clearable
        value={orNull(from)}
        onChange={(value) => onFromChange(value ?? '')}
        maxDate={bounded ? orUndefined(to) : undefined}
        {...format}
      />
    </Grid.Col>
    <Grid.Col span={span}>
      <PickerDateInput
        label={labels[1]}
        clearable
        value={orNull(to)}
        onChange={(value) => onToChange(value ?? '')}
        minDate={bounded ? orUndefined(from) : undefined}
        error={toError}
        {...format}
      />
    </Grid.Col>
  </>
);
