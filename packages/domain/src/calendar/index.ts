export * from './calendar';
export * from './national-holidays';
