export * from './expenses';
export * from './permissions';
export * from './refusals';
export * from './roles';
export * from './scopes';
export * from './visibility';
