/** The export of the whole book (a zip of CSVs and a README), written to the file storage, and its expiry. */

export { exportRoutes } from './routes';
export { exportEverything } from './runner';
export {
  BOOK_EXPORT_FOLDER,
  type BookExport,
  type BookExportOptions,
  bookExportExpiresAt,
  deleteExpiredBookExports,
  writeBookExport,
} from './service';
export { exportMessages } from './start';
