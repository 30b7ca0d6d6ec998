export * from './refusals';
export * from './register-columns';
export * from './rules';
