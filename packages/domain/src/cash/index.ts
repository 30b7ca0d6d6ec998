export * from './custody';
export * from './refusals';
