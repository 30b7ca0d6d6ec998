import type { TLoanProductView } from '@lending/domain';
import { ActionIcon, Badge, Button, Group, Table } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { ListTable } from '../../../components/list-table';
import { collectionDaysLabel, emiRuleLabel, productRupees } from '../../../lib/product-terms';

export const PRODUCTS_EMPTY = 'No loan products yet: add the first one';

const COLUMNS = [
  'Name',
  'Amount',
  'EMI rule',
  'Tenure',
  'Collection days',
  'Bounce charge',
  'Processing fee',
  'Loans made',
  'Status',
  'Actions',
];

/** '₹5,000 – ₹50,000', or one amount when both ends are the same. */
const amountRange = ({ min_amount, max_amount }: TLoanProductView) =>
  min_amount === max_amount
    ? productRupees(min_amount)
    : `${productRupees(min_amount)} – ${productRupees(max_amount)}`;

/** '50 – 120 instalments', or '100 instalments'. */
const tenureRange = ({ min_tenure_days, max_tenure_days }: TLoanProductView) =>
  min_tenure_days === max_tenure_days
    ? `${min_tenure_days} instalments`
    : `${min_tenure_days} – ${max_tenure_days} instalments`;

type TProductTableProps = {
  products: TLoanProductView[];
  loading: boolean;
  /** The product whose Archive/Restore is being saved. */
  busyId: number | null;
  onEdit: (product: TLoanProductView) => void;
  onToggleActive: (product: TLoanProductView) => void;
};

/** The lender's loan products with their terms; a phone shows each row as a card. */
export const ProductTable = ({ products, loading, busyId, onEdit, onToggleActive }: TProductTableProps) => (
  <ListTable
    minWidth={1100}
    columns={COLUMNS}
    highlightOnHover
    data-testid="product-table"
    empty={products.length === 0 ? (loading ? 'Loading loan products...' : PRODUCTS_EMPTY) : null}
  >
    {products.map((product) => (
      <Table.Tr key={product.id} data-testid={`product-row-${product.id}`}>
        <Table.Td fw={600}>{product.name}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{amountRange(product)}</Table.Td>
        <Table.Td>{emiRuleLabel(product.emi_per_thousand)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{tenureRange(product)}</Table.Td>
        <Table.Td>{collectionDaysLabel(product.off_days)}</Table.Td>
        <Table.Td>{productRupees(product.bounce_charge)}</Table.Td>
        <Table.Td>{productRupees(product.processing_fee)}</Table.Td>
        <Table.Td>{product.loans}</Table.Td>
        <Table.Td>
          <Badge color={product.is_active ? 'green' : 'gray'} variant="light">
            {product.is_active ? 'Active' : 'Archived'}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Edit ${product.name}`} onClick={() => onEdit(product)}>
              <IconPencil size={16} />
            </ActionIcon>
            <Button
              size="compact-xs"
              variant="light"
              color={product.is_active ? 'gray' : 'green'}
              aria-label={`${product.is_active ? 'Archive' : 'Restore'} ${product.name}`}
              loading={busyId === product.id}
              onClick={() => onToggleActive(product)}
            >
              {product.is_active ? 'Archive' : 'Restore'}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
