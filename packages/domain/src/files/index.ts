export * from './uploads';
