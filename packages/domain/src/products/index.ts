export * from './refusals';
export * from './rules';
