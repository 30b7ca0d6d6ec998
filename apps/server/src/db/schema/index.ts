/** The Drizzle schema, one file per area; drizzle-kit reads it from here to generate migrations. */
export * from './app-updates';
export * from './cash';
export * from './collections';
export * from './day-totals';
export * from './emi-records';
export * from './expenses';
export * from './ledger';
export * from './list-counts';
export * from './list-totals';
export * from './loans';
export * from './notifications';
export * from './platform';
export * from './portfolio';
export * from './sessions';
export * from './support';
export * from './upgrades';
export * from './users';
