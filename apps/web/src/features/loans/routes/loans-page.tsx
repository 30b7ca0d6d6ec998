import { hasAnyRole, type TLoanView } from '@lending/domain';
import { Button, Menu, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { OfflineNotice, useOffline } from '../../../components/offline-notice';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { useInfiniteSentinel } from '../../../lib/use-infinite-sentinel';
import { useListFilters } from '../../../lib/use-list-filters';
import { usePhone } from '../../../lib/use-phone';
import { type TLoanExportType, useExportLoans } from '../api/export-loans';
import { useLoanCustomers } from '../api/list-customers';
import {
  DEFAULT_LOAN_SORT,
  LOANS_PAGE_SIZE,
  loansInfiniteQueryOptions,
  type TLoanSort,
  type TLoanSortField,
  useLoans,
} from '../api/list-loans';
import { ForecloseModal } from '../components/foreclose-modal';
import { ForeclosureDetailsModal } from '../components/foreclosure-details-modal';
import { LoanCards } from '../components/loan-cards';
import {
  LoanDetailsModal,
  type TLoanClassSlot,
  type TLoanMessagesSlot,
  type TLoanPaymentSlots,
} from '../components/loan-details-modal';
import { LoanFilters } from '../components/loan-filters';
import { LoanFormModal } from '../components/loan-form-modal';
import type { TLoanAction } from '../components/loan-row-actions';
import { LoanStatsCards } from '../components/loan-stats-cards';
import { LoansFooter } from '../components/loans-footer';
import { LoansTable } from '../components/loans-table';
import { LOAN_FILTER_OPTIONS } from '../lib/loan-filters';

export const LOANS_FETCH_FAILED = 'Failed to fetch loans';
export const CUSTOMERS_FETCH_FAILED = 'Failed to fetch customers';
export const LOANS_EXPORTED = 'Loans exported successfully';
export const LOANS_EXPORT_FAILED = 'Failed to export loans';

type TOpenModal =
  | { kind: 'create' }
  | { kind: 'edit' | 'foreclose' | 'foreclosure-details'; loan: TLoanView }
  | { kind: 'details'; loanId: number };

type TLoansPageProps = {
  /** The EMI feature's payment actions inside Loan Details, plugged in by the route table. */
  paymentSlots?: TLoanPaymentSlots;
  /**
   * The agent area's My Loans (/agent/my-loans): the same list, which the server keeps to the
   * agent's own customers' loans, without Add Loan (creating loans is the office's).
   */
  agentView?: boolean;
  /** The classification feature's section inside Loan Details, plugged in by the route table. */
  renderLoanClass?: TLoanClassSlot;
  /** The messages feature's section inside Loan Details, plugged in by the route table (admins only). */
  renderLoanMessages?: TLoanMessagesSlot;
};

/** `?loan=<id>`: the loan whose details the page opens with (the SMA/NPA register links here). */
export const LOAN_DETAILS_PARAM = 'loan';

const loanToOpen = (params: URLSearchParams): TOpenModal | null => {
  const value = params.get(LOAN_DETAILS_PARAM) ?? '';
  const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
  return id > 0 ? { kind: 'details', loanId: id } : null;
};

export const AGENT_LOANS_SUBTITLE = 'Loans of the customers you look after.';

/** Loan Management (/admin/loans), and the agent's My Loans (/agent/my-loans) */
export const LoansPage = ({
  paymentSlots,
  agentView = false,
  renderLoanClass,
  renderLoanMessages,
}: TLoansPageProps = {}) => {
  const { user } = useCurrentUser();
  const isAdmin = hasAnyRole(user, ['admin', 'superadmin']);
  const phone = usePhone();
  // Phones get cards with a sort select; both take the same props.
  const LoanList = phone ? LoanCards : LoansTable;
  const [startPage, setStartPage] = useState(1);
  const [sort, setSort] = useState<TLoanSort>(DEFAULT_LOAN_SORT);
  const [params, setParams] = useSearchParams();
  const [modal, setModal] = useState<TOpenModal | null>(() => loanToOpen(params));
  const filters = useListFilters({ ...LOAN_FILTER_OPTIONS, onApply: () => setStartPage(1) });
  const loans = useLoans(filters.applied, sort, startPage);
  const customers = useLoanCustomers();
  const exporter = useExportLoans();
  const queryClient = useQueryClient();

  // Offline, a failed read is no news: the notice in place of the list says why (no toasts).
  const offline = useOffline();
  const loansFailed = loans.isError && !offline;
  useEffect(() => {
    if (loansFailed) notifications.show({ color: 'red', message: LOANS_FETCH_FAILED });
  }, [loansFailed]);
  const customersFailed = customers.isError && !offline;
  useEffect(() => {
    if (customersFailed) notifications.show({ color: 'red', message: CUSTOMERS_FETCH_FAILED });
  }, [customersFailed]);

  const pages = useMemo(() => loans.data?.pages ?? [], [loans.data]);
  const first = pages[0];
  // Nothing read yet and no connection: no zeros and no "No loans found", which read as loss.
  const unavailable = offline && first === undefined;
  const rows = useMemo(() => pages.flatMap((page) => page.loans), [pages]);
  const currentPage = startPage + Math.max(pages.length, 1) - 1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = loans;
  const sentinel = useInfiniteSentinel(() => void fetchNextPage(), hasNextPage && !isFetchingNextPage);

  const handleSort = useCallback((field: TLoanSortField) => {
    setSort((current) => ({
      sort_by: field,
      sort_direction: current.sort_by === field && current.sort_direction === 'asc' ? 'desc' : 'asc',
    }));
    setStartPage(1);
  }, []);

  const handlePageChange = (page: number) => {
    // Jump first, so the infinite-scroll sentinel is out of view before the list shrinks.
    window.scrollTo({ top: 0 });
    if (page === startPage) {
      // Back to the first page of this view: drop the pages infinite scroll appended.
      queryClient.setQueryData(
        loansInfiniteQueryOptions(filters.applied, sort, startPage).queryKey,
        (data) =>
          data === undefined
            ? data
            : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
      );
    } else setStartPage(page);
  };

  const handleAction = useCallback((action: TLoanAction, loan: TLoanView) => {
    if (action === 'details') setModal({ kind: 'details', loanId: loan.id });
    else setModal({ kind: action, loan });
  }, []);

  // A page of loans arrives as an urgent update; the list (the screen's heaviest part) is drawn
  // from a deferred copy, in slices a slow phone can interrupt, while the rest answers at once.
  const shownRows = useDeferredValue(rows);
  const shownLoading = useDeferredValue(loans.isPending);
  const list = useMemo(
    () => (
      <LoanList
        loans={shownRows}
        sort={sort}
        onSort={handleSort}
        isAdmin={isAdmin}
        onAction={handleAction}
        loading={shownLoading}
      />
    ),
    [LoanList, shownRows, sort, handleSort, isAdmin, handleAction, shownLoading],
  );

  const handleExport = async (type: TLoanExportType) => {
    try {
      await exporter.mutateAsync({ type, filters: filters.applied, sort });
      notifications.show({ color: 'green', message: LOANS_EXPORTED });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, LOANS_EXPORT_FAILED) });
    }
  };

  const handleClose = () => {
    setModal(null);
    // Closed, the details do not open again on a reload or a step back.
    if (params.has(LOAN_DETAILS_PARAM))
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(LOAN_DETAILS_PARAM);
          return next;
        },
        { replace: true },
      );
  };
  const loanOf = (kind: 'edit' | 'foreclose' | 'foreclosure-details') =>
    modal !== null && modal.kind === kind ? modal.loan : null;

  return (
    <Stack data-testid="page-loans" gap="md">
      <PageHeader
        testId="loans-title"
        title={agentView ? 'My Loans' : 'Loan Management'}
        subtitle={agentView ? AGENT_LOANS_SUBTITLE : undefined}
      >
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              rightSection={<IconChevronDown size={14} />}
              loading={exporter.isPending}
            >
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void handleExport('csv')}>Export as CSV</Menu.Item>
            <Menu.Item onClick={() => void handleExport('pdf')}>Export as PDF</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {agentView ? null : (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ kind: 'create' })}>
            Add Loan
          </Button>
        )}
      </PageHeader>

      {unavailable ? (
        <OfflineNotice />
      ) : (
        <>
          <LoanStatsCards
            total={first?.total ?? 0}
            accepted={first?.counts.accepted ?? 0}
            pending={first?.counts.pending ?? 0}
            completed={first?.counts.completed ?? 0}
            totalAmount={first?.totalAmount ?? 0}
          />
          <LoanFilters state={filters} customers={customers.data ?? []} />
          {list}
          <div ref={sentinel} aria-hidden style={{ height: 1 }} />
          <LoansFooter
            currentPage={currentPage}
            totalPages={first?.totalPages ?? 0}
            total={first?.total ?? 0}
            pageSize={LOANS_PAGE_SIZE}
            loadingMore={isFetchingNextPage}
            onPageChange={handlePageChange}
          />
        </>
      )}

      <Modal.Stack>
        <LoanFormModal
          opened={modal?.kind === 'create' || modal?.kind === 'edit'}
          loan={loanOf('edit')}
          canChangeStatus={isAdmin}
          onClose={handleClose}
        />
        <LoanDetailsModal
          loanId={modal?.kind === 'details' ? modal.loanId : null}
          onClose={handleClose}
          slots={paymentSlots}
          renderLoanClass={renderLoanClass}
          renderLoanMessages={renderLoanMessages}
          isAdmin={isAdmin}
        />
        <ForecloseModal loan={loanOf('foreclose')} onClose={handleClose} />
        <ForeclosureDetailsModal loan={loanOf('foreclosure-details')} onClose={handleClose} />
      </Modal.Stack>
    </Stack>
  );
};
