import type { TPortfolioSummary } from '@lending/domain';
import { StatCards } from '../../../components/stat-cards';
import { formatMoney } from '../../../lib/format';

/** Outstanding principal and PAR1/7/30/90, each with its share of the book. */
export const RiskCards = ({ summary }: { summary: TPortfolioSummary | undefined }) => {
  const cards = [
    {
      id: 'outstanding',
      label: 'Outstanding principal',
      value: formatMoney(summary?.outstanding ?? 0),
      note: `${summary?.loans ?? 0} loans`,
    },
    ...(summary?.par ?? []).map((par) => ({
      id: `par${par.days}`,
      label: `PAR${par.days}`,
      value: formatMoney(par.amount),
      note: `${par.share}% of the book · ${par.loans} loans`,
      color: par.loans > 0 ? 'red' : undefined,
    })),
  ];
  return <StatCards cards={cards} testIdPrefix="portfolio" span={{ base: 12, xs: 6, md: 2.4 }} />;
};
