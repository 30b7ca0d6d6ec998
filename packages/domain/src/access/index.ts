export * from './permissions';
export * from './roles';
export * from './scopes';
