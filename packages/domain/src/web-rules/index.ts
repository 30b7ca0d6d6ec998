export * from './forms';
export * from './registration-files';
