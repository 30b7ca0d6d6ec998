export * from './refusals';
export * from './uploads';
