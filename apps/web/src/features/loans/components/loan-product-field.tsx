import { Select } from '@mantine/core';
import { collectionCalendarLabel, emiRuleLabel, productRupees } from '../../../lib/product-terms';
import type { TLoanProductChoice } from '../lib/loan-form';

/** The select's value for "no product" (Mantine's options need a non-empty value). */
const NO_PRODUCT = 'none';
export const NO_PRODUCT_LABEL = 'No product — every day';

/** The chosen product's terms in one line under the select. */
const termsLine = (product: TLoanProductChoice | null): string => {
  if (product === null) return 'Collected every calendar day; EMI typed for each loan';
  const parts = [
    `Collects: ${collectionCalendarLabel(product.off_days)}`,
    emiRuleLabel(product.emi_per_thousand),
  ];
  if (product.ranges !== null) {
    const { min_amount, max_amount, min_tenure_days, max_tenure_days } = product.ranges;
    parts.unshift(
      `${productRupees(min_amount)} – ${productRupees(max_amount)}`,
      `${min_tenure_days} – ${max_tenure_days} instalments`,
    );
  } else parts.unshift("The loan's own terms");
  return parts.join(' · ');
};

type TLoanProductFieldProps = {
  products: readonly TLoanProductChoice[];
  loading: boolean;
  /** The chosen product ('' none) and the choice when known. */
  value: string;
  chosen: TLoanProductChoice | null;
  onChange: (productId: string) => void;
  error?: React.ReactNode;
  /** An edit keeps the loan's product: shown, not changed. */
  locked: boolean;
  disabled: boolean;
};

/** "Loan product": the active products plus "No product — every day", with the chosen one's terms under it. */
export const LoanProductField = ({
  products,
  loading,
  value,
  chosen,
  onChange,
  error,
  locked,
  disabled,
}: TLoanProductFieldProps) => {
  const options = [
    { value: NO_PRODUCT, label: NO_PRODUCT_LABEL },
    ...products.map((product) => ({ value: String(product.id), label: product.name })),
  ];
  // An edited loan's product may since have been archived: it is still the loan's.
  if (chosen !== null && !products.some((product) => product.id === chosen.id))
    options.push({ value: String(chosen.id), label: chosen.name });
  return (
    <Select
      label="Loan product"
      placeholder={loading ? 'Loading products...' : undefined}
      data={options}
      allowDeselect={false}
      value={value === '' ? NO_PRODUCT : value}
      onChange={(picked) => onChange(picked === null || picked === NO_PRODUCT ? '' : picked)}
      description={locked ? `${termsLine(chosen)} (kept on an edit)` : termsLine(chosen)}
      error={error}
      disabled={disabled || locked}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      descriptionProps={{ 'data-testid': 'loan-product-terms' }}
    />
  );
};
