export * from './permissions';
export * from './refusals';
export * from './roles';
