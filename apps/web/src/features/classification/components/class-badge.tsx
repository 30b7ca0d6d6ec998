import { LOAN_CLASS_TITLES, type LoanClass } from '@lending/domain';
import { Badge, Group, Text } from '@mantine/core';

/** Each class's shade, from calm (standard) to alarming (NPA); the text picks black or white to stay readable. */
export const CLASS_COLORS: Record<LoanClass, string> = {
  standard: 'teal.9',
  sma0: 'yellow.3',
  sma1: 'orange.4',
  sma2: 'red.5',
  npa: 'red.9',
};

/** The words beside a class that the borrower rule gave. */
export const BY_BORROWER = 'by borrower';

type TClassBadgeProps = {
  loanClass: LoanClass;
  /** NPA because another loan of the borrower is: said beside the badge. */
  byBorrower?: boolean;
};

/** A loan's class as RBI names it, in its colour, never cut short. */
export const ClassBadge = ({ loanClass, byBorrower = false }: TClassBadgeProps) => (
  <Group gap={6} wrap="nowrap">
    <Badge color={CLASS_COLORS[loanClass]} autoContrast miw="max-content" data-class={loanClass}>
      {LOAN_CLASS_TITLES[loanClass]}
    </Badge>
    {byBorrower ? (
      <Text span size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {BY_BORROWER}
      </Text>
    ) : null}
  </Group>
);
