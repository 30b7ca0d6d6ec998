export * from './cells';
export * from './check';
export {
  type CollectionRecord,
  PAYMENT_MODE_WORDS,
  type UnmatchedCollection,
} from './check-collections';
export { type ImportedLoanStatus, LOAN_STATUS_WORDS, type LoanRecord } from './check-loans';
export { type AgentRecord, type CustomerRecord, IMPORT_REFERENCE_MAX } from './check-people';
export * from './collection-keys';
export * from './columns';
export * from './dates';
export { IMPORT_FORM_TEXT, importAboutLines, importDocument } from './docs';
export * from './headers';
export * from './kinds';
export { importMessages } from './messages';
export * from './position';
export * from './refusals';
export { type ImportCheckContext, type ImportRowError, importErrorText } from './row';
export * from './seen';
