// Loaded on its own (see deferred-schema.ts): importing the schema here, not in the page, keeps the
// validation library out of the sign-in page's first download.
export { ZLoginForm } from '@lending/domain';
