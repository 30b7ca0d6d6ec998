import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A rupee amount typed into a form: not below zero, in paise at the finest (two decimals). */
export const RupeeInput = (props: NumberInputProps) => (
  <NumberInput min={0} step={0.01} decimalScale={2} {...props} />
);
