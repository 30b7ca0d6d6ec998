import { PRODUCT_NAME_MAX, PRODUCT_TENURE_MAX, type TLoanProductView, WEEKDAY_TITLES } from '@lending/domain';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage, hasErrorCode, isApiError } from '../../../api/client';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { RupeeInput } from '../../../components/rupee-input';
import { collectionDaysLabel, LENDER_WEEK } from '../../../lib/product-terms';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useCreateLoanProduct } from '../api/create-product';
import { useUpdateLoanProduct } from '../api/update-product';
import {
  checkProductForm,
  EMPTY_PRODUCT_FORM,
  fieldErrorsOf,
  productFormValuesOf,
  type TProductFormValues,
} from '../lib/product-form';

export const PRODUCT_FORM_TEXTS = {
  addFailed: 'Failed to create the loan product',
  updateFailed: 'Failed to update the loan product',
} as const;

type TProductFormModalProps = {
  opened: boolean;
  /** The product being edited, or null to add one. */
  product: TLoanProductView | null;
  onClose: () => void;
};

const ProductFormBody = ({ product, onClose }: Omit<TProductFormModalProps, 'opened'>) => {
  const form = useForm<TProductFormValues>({
    mode: 'controlled',
    initialValues: product === null ? EMPTY_PRODUCT_FORM : productFormValuesOf(product),
  });
  const create = useCreateLoanProduct();
  const update = useUpdateLoanProduct();
  const busy = create.isPending || update.isPending;
  const editing = product !== null;
  const { values } = form;

  const handleSubmit = form.onSubmit(async (submitted) => {
    const check = checkProductForm(submitted);
    if (!check.ok) {
      form.setErrors(check.errors);
      return;
    }
    try {
      const answer =
        product === null
          ? await create.mutateAsync(check.body)
          : await update.mutateAsync({ id: product.id, body: check.body });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        const fields = fieldErrorsOf(error.errors);
        if (hasErrorCode(error, 'PRODUCT_NAME_TAKEN')) fields.name ??= error.message;
        form.setErrors(fields);
      }
      notifications.show({
        color: 'red',
        message: errorMessage(
          error,
          editing ? PRODUCT_FORM_TEXTS.updateFailed : PRODUCT_FORM_TEXTS.addFailed,
        ),
      });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Product name"
          placeholder="e.g. Daily 100"
          withAsterisk
          data-autofocus
          maxLength={PRODUCT_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RupeeInput label="Smallest amount (₹)" withAsterisk {...form.getInputProps('min_amount')} />
          <RupeeInput label="Largest amount (₹)" withAsterisk {...form.getInputProps('max_amount')} />
        </SimpleGrid>
        <Radio.Group label="Per-day EMI" withAsterisk {...form.getInputProps('emi_rule')}>
          <Group mt={6} gap="md">
            <Radio value="rate" label="From a rate per ₹1,000" />
            <Radio value="typed" label="Typed for each loan" />
          </Group>
        </Radio.Group>
        {values.emi_rule === 'rate' ? (
          <RupeeInput
            label="EMI per ₹1,000 a day (₹)"
            description="Rounded up to the rupee: ₹12 → a ₹10,000 loan pays ₹120 a day"
            withAsterisk
            {...form.getInputProps('emi_per_thousand')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Shortest tenure (instalments)"
            withAsterisk
            min={1}
            max={PRODUCT_TENURE_MAX}
            allowDecimal={false}
            {...form.getInputProps('min_tenure_days')}
          />
          <NumberInput
            label="Longest tenure (instalments)"
            withAsterisk
            min={1}
            max={PRODUCT_TENURE_MAX}
            allowDecimal={false}
            {...form.getInputProps('max_tenure_days')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Weekly off-days"
          description={`No collection on these days; holidays are always skipped. Collects: ${collectionDaysLabel(values.off_days)}`}
          {...form.getInputProps('off_days')}
        >
          <SimpleGrid cols={{ base: 2, xs: 4 }} mt={6} spacing="xs">
            {LENDER_WEEK.map((day) => (
              <Checkbox key={day} value={day} label={WEEKDAY_TITLES[day]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RupeeInput
            label="Bounce charge (₹)"
            description="The bounce dialog starts from it"
            placeholder="0"
            {...form.getInputProps('bounce_charge')}
          />
          <RupeeInput
            label="Processing fee (₹)"
            description="Charged when the loan is disbursed"
            placeholder="0"
            {...form.getInputProps('processing_fee')}
          />
        </SimpleGrid>
        <Switch
          label="Active: offered when adding a loan"
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {editing ? 'Save product' : 'Add product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Add product / Edit product: the terms, checked by the API's own contract before sending. */
export const ProductFormModal = ({ opened, product: current, onClose }: TProductFormModalProps) => {
  const product = useWhileOpen(current, opened);
  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      title={product === null ? 'Add product' : `Edit product — ${product.name}`}
      size="lg"
    >
      <ProductFormBody key={product?.id ?? 'new'} product={product} onClose={onClose} />
    </ResponsiveModal>
  );
};
