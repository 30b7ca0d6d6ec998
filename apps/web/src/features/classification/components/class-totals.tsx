import { LOAN_CLASS_TITLES, LOAN_CLASSES, type TClassTotal } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';
import { formatMoney } from '../../../lib/format';

/** Loans and outstanding principal of each class, standard first, NPA last; a class absent counts 0. */
export const ClassTotals = ({ totals }: { totals: readonly TClassTotal[] }) => {
  const cards = LOAN_CLASSES.map((loanClass) => {
    const total = totals.find((candidate) => candidate.loanClass === loanClass);
    const loans = total?.loans ?? 0;
    return {
      id: loanClass,
      label: LOAN_CLASS_TITLES[loanClass],
      value: formatMoney(total?.outstanding ?? 0),
      note: `${loans} loan${loans === 1 ? '' : 's'}`,
      color: loanClass === 'npa' && loans > 0 ? 'red' : undefined,
    };
  });
  return <StatCards cards={cards} testIdPrefix="class-total" span={{ base: 6, sm: 4, md: 2.4 }} />;
};
