export * from './collected-at';
export * from './phone-sync';
export * from './queue';
