export * from './collected-at';
export * from './queue';
