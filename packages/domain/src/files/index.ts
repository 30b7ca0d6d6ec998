export * from './csv';
export * from './uploads';
