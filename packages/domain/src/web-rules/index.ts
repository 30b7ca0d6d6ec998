export * from './forms';
export * from './profile';
export * from './registration-files';
export * from './users';
