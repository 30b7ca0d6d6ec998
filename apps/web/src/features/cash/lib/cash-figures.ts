import { type Paise, rupeesToPaise, type TCashPosition, typedPaise } from '@lending/domain';

/** Today's collections in every mode but cash, summed in paise (rupee floats would drift). */
export const otherModesPaise = (position: Pick<TCashPosition, 'collected_today'>): Paise =>
  Object.entries(position.collected_today)
    .filter(([mode]) => mode !== 'cash')
    .reduce((sum, [, rupees]) => sum + rupeesToPaise(rupees), 0);

/**
 * What the handover form's counted cash differs from the declared amount, in paise: negative is a
 * shortfall. Nothing while either field is blank or not an amount.
 */
export const handoverDifference = (declared: number | string, received: number | string): Paise => {
  const declaredPaise = typedPaise(declared);
  const receivedPaise = typedPaise(received);
  return declaredPaise === null || receivedPaise === null ? 0 : receivedPaise - declaredPaise;
};
