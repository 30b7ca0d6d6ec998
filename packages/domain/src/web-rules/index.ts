export * from './csv';
export * from './emis';
export * from './field';
export * from './forms';
export * from './profile';
export * from './registration-files';
export * from './reports';
export * from './users';
