/** The product name shown in the shells' headers. */
export const BRAND_NAME = 'Lending Back-Office';
