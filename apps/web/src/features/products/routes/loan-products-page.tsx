import type { TLoanProductView } from '@lending/domain';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/page-header';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useLoanProducts } from '../api/list-products';
import { useUpdateLoanProduct } from '../api/update-product';
import { ProductFormModal } from '../components/product-form-modal';
import { ProductTable } from '../components/product-table';
import { productRequestOf } from '../lib/product-form';

export const PRODUCT_TEXTS = {
  loadFailed: 'Failed to fetch loan products',
  archiveFailed: 'Failed to archive the loan product',
  restoreFailed: 'Failed to restore the loan product',
  confirmArchive: (name: string) =>
    `Archive ${name}? New loans can no longer be made from it; its loans keep their terms.`,
} as const;

const toast = (color: 'red' | 'green', message: string) => notifications.show({ color, message });

/** Loan Products (/admin/loan-products, admins and superadmins): the terms the Add Loan form offers. */
export const LoanProductsPage = () => {
  const list = useLoanProducts();
  const updater = useUpdateLoanProduct();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TLoanProductView | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  useQueryFailure(list, () => toast('red', PRODUCT_TEXTS.loadFailed));

  const openForm = (product: TLoanProductView | null) => {
    setEditing(product);
    setFormOpen(true);
  };

  const handleToggleActive = async (product: TLoanProductView) => {
    const archiving = product.is_active;
    if (archiving) {
      const confirmed = await confirmAction({
        title: 'Archive loan product',
        message: PRODUCT_TEXTS.confirmArchive(product.name),
        confirmLabel: 'Archive',
      });
      if (!confirmed) return;
    }
    setBusyId(product.id);
    try {
      await updater.mutateAsync({ id: product.id, body: productRequestOf(product, !archiving) });
      toast('green', archiving ? `${product.name} archived` : `${product.name} restored`);
    } catch (error) {
      toast(
        'red',
        errorMessage(error, archiving ? PRODUCT_TEXTS.archiveFailed : PRODUCT_TEXTS.restoreFailed),
      );
    } finally {
      setBusyId(null);
    }
  };

  const products = list.data?.products ?? [];
  return (
    <Stack gap="md" data-testid="page-loan-products">
      <PageHeader
        testId="loan-products-title"
        title="Loan Products"
        subtitle="The terms a new loan is made on: amounts, EMI rule, tenure and collection days"
      >
        <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
          Add product
        </Button>
      </PageHeader>
      <ProductTable
        products={products}
        loading={list.isPending}
        busyId={busyId}
        onEdit={openForm}
        onToggleActive={(product) => void handleToggleActive(product)}
      />
      <Text size="sm" c="dimmed">
        Every product skips the holidays on the holiday list. A loan keeps the terms it was made with.
      </Text>
      <ProductFormModal opened={formOpen} product={editing} onClose={() => setFormOpen(false)} />
    </Stack>
  );
};
