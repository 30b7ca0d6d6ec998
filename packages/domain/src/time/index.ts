export * from './ist';
