export { type ImportFileEvent, type ReadImportOptions, readImportRows } from './reader';
export { writeImportTemplate } from './template';
