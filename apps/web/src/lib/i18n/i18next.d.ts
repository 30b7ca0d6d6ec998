import type { TCatalogue } from './catalogues';

// Typed keys: `t('auth:signIn.title')` is checked against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: TCatalogue;
  }
}
