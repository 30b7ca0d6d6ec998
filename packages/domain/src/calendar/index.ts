export * from './calendar';
export * from './national-holidays';
export * from './off-days';
