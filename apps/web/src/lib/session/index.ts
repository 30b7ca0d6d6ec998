export * from './logout';
export * from './me';
export * from './start-session';
