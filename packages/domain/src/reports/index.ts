export * from './collections-columns';
export * from './columns';
export * from './day-close-columns';
