export * from './book-export';
export * from './cells';
export * from './readme';
