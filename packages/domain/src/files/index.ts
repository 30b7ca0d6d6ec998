export * from './csv';
export * from './refusals';
export * from './uploads';
