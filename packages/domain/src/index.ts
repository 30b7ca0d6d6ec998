export * from './access';
export * from './errors';
export * from './files';
export * from './lending';
export * from './money';
export * from './schemas';
export * from './time';
export * from './web-rules';
