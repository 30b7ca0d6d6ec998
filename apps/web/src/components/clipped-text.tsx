import { Text, type TextProps } from '@mantine/core';

type TClippedTextProps = Omit<TextProps, 'children' | 'truncate'> & {
  /** The full text; null or empty shows '-'. */
  text: string | null | undefined;
  /** The widest the text may grow before it is cut with an ellipsis. */
  maxWidth: number;
};

/**
 * Free text in a table cell (a payment method, a reason, a note): one line cut to `maxWidth` with
 * an ellipsis, the whole text on hover, so a 100-character value cannot stretch its column.
 */
export const ClippedText = ({ text, maxWidth, ...props }: TClippedTextProps) => {
  const shown = text === null || text === undefined || text === '' ? '-' : text;
  return (
    <Text size="sm" truncate="end" maw={maxWidth} title={shown === '-' ? undefined : shown} {...props}>
      {shown}
    </Text>
  );
};
