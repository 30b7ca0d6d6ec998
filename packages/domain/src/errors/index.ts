export * from './catalogue';
export * from './docs';
export * from './request';
