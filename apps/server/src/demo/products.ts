import { addDays, type TLoanProductRequest } from '@lending/domain';
import { createProducts } from '../modules/products';
import type { AuthUser } from '../platform/access';
import type { AppDeps } from '../platform/deps';
import { auditOf, depsOn } from './days';

/** The demo lender's standard products: most of its book is still made without one, every day. */
const PRODUCTS: TLoanProductRequest[] = [
  {
    name: 'Daily Mon–Sat',
    min_amount: 5_000,
    max_amount: 50_000,
    emi_per_thousand: 12,
    min_tenure_days: 60,
    max_tenure_days: 120,
    off_days: ['sunday'],
    bounce_charge: 50,
    processing_fee: 200,
    is_active: true,
  },
  {
    name: 'Market weekdays',
    min_amount: 2_000,
    max_amount: 20_000,
    emi_per_thousand: null,
    min_tenure_days: 20,
    max_tenure_days: 60,
    off_days: ['saturday', 'sunday'],
    bounce_charge: 25,
    processing_fee: 0,
    is_active: true,
  },
  {
    name: 'Festival loan (old scheme)',
    min_amount: 10_000,
    max_amount: 30_000,
    emi_per_thousand: 14,
    min_tenure_days: 50,
    max_tenure_days: 100,
    off_days: [],
    bounce_charge: 100,
    processing_fee: 500,
    is_active: false,
  },
];

/** The products, added by the demo's admin a month ago through the service the screen calls. */
export const seedDemoProducts = async (deps: AppDeps, admin: AuthUser) => {
  const products = createProducts(depsOn(deps, addDays(deps.clock.today(), -30)));
  for (const product of PRODUCTS) await products.create(product, auditOf(admin));
};
