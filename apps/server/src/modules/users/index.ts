/**
 * Users: the users-management routes, the seeding of the system roles and the superadmin, and the
 * accounts other features read and write. Sign-in and registration (auth), the profile, the loan
 * form's customer check and the demo find, create and update accounts through these; registration
 * and the profile keep documents with the same file rules and upload frame as users management.
 */
export {
  DOCUMENT_FILE_RULES,
  FILE_COLUMNS,
  type FileColumnChanges,
  isDocumentField,
  type UploadedFiles,
  unhide,
  withUploads,
} from './documents';
export { toOwnUser, toUserSummary } from './presenter';
export {
  emailExists,
  findUserWithRoleByEmail,
  findUserWithRoleById,
  insertUser,
  insertUsers,
  lockUser,
  searchUserSummaries,
  type UserChanges,
  type UserWithRole,
  updatePasswordHash,
  updateUser,
  userExists,
} from './repository';
export { userRoutes } from './routes';
export { seedSystemAccounts } from './seed-service';
