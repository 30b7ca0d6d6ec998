export * from './auth';
export * from './common';
export * from './emis';
export * from './loans';
export * from './money';
export * from './roles';
export * from './user-form';
export * from './users';
