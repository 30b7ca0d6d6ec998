export * from './ist';
export * from './months';
