/** The Drizzle schema, one file per area; drizzle-kit reads it from here to generate migrations. */
export * from './emi-records';
export * from './ledger';
export * from './loans';
export * from './platform';
export * from './sessions';
export * from './users';
