export * from './auth';
export * from './common';
export * from './roles';
export * from './user-form';
export * from './users';
