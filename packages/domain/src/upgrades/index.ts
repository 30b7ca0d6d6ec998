export * from './update-status';
