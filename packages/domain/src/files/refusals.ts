/** Refusals of uploaded and stored files; the errors catalogue gives each its HTTP status. */
export const FILE_REFUSALS = {
  FILE_TOO_LARGE: 'An uploaded file is over the upload limit.',
  FILE_TYPE_NOT_ALLOWED:
    'An uploaded file is not of a kind its field takes (checked by its bytes, not its name).',
  DOCUMENT_TYPE_NOT_ALLOWED: 'A registration document is of a kind that document does not take.',
  UNEXPECTED_FILE: 'A file was sent in a field that takes no file.',
  FILE_REQUIRED: 'The call needs a file and none was sent.',
  FILE_NOT_FOUND: 'The file asked for is not stored.',
  FILE_LINK_INVALID: 'The signed file link has expired or was tampered with.',
} as const;
/** A refusal code of files. */
export type FileRefusalCode = keyof typeof FILE_REFUSALS;
