export * from './events';
export * from './refusals';
export * from './templates';
export * from './text';
export * from './upi';
export * from './window';
