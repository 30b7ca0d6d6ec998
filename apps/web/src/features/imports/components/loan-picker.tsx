import type { TLoanView } from '@lending/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useLoanSearch } from '../api/search-loans';

/** The server is asked once typing pauses this long. */
export const LOAN_SEARCH_DEBOUNCE_MS = 300;

/** A loan as the picker offers it: 'LN-0007 · Asha Devi · 9876500011'. */
export const loanChoiceLabel = (loan: TLoanView): string =>
  [loan.loan_code, loan.customer_name, loan.customer_mobile].filter(Boolean).join(' · ');

type TLoanPickerProps = {
  value: TLoanView | null;
  onChange: (loan: TLoanView | null) => void;
  error?: string | null;
  disabled?: boolean;
};

/**
 * The loan a collection belongs to, found by the Loans list's own search (loan number, loan code,
 * customer name or mobile). The chosen loan stays offered while the text shows its label.
 */
export const LoanPicker = ({ value, onChange, error, disabled }: TLoanPickerProps) => {
  const [typed, setTyped] = useState('');
  const text = typed.trim();
  const [settled] = useDebouncedValue(text, LOAN_SEARCH_DEBOUNCE_MS);
  const showsChoice = value !== null && text === loanChoiceLabel(value);
  const found = useLoanSearch(showsChoice ? '' : settled);
  const loans = found.data ?? [];
  const offered = value === null || loans.some((loan) => loan.id === value.id) ? loans : [value, ...loans];
  const searching = !showsChoice && (settled !== text || found.isFetching);

  return (
    <Select
      label="Loan"
      description="Search by loan number, loan code, customer name or mobile"
      placeholder="Type to search"
      searchable
      clearable
      withAsterisk
      searchValue={typed}
      onSearchChange={setTyped}
      data={offered.map((loan) => ({ value: String(loan.id), label: loanChoiceLabel(loan) }))}
      value={value === null ? null : String(value.id)}
      onChange={(id) => onChange(offered.find((loan) => String(loan.id) === id) ?? null)}
      filter={({ options }) => options}
      nothingFoundMessage={text === '' ? 'Type to search' : searching ? 'Searching…' : 'No loans found'}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
