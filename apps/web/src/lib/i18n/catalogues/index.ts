import type { TTranslationOf } from '../catalogue';
import type { en } from './en';

export type TCatalogue = typeof en;

/** The namespaces every language must translate whole: what field agents and borrowers read. */
export const FIELD_NAMESPACES = ['common', 'auth', 'errors'] as const;
export type TFieldNamespace = (typeof FIELD_NAMESPACES)[number];

/** Hindi: every namespace. */
export type TFullTranslation = TTranslationOf<TCatalogue>;
/** Marathi and Tamil: the field's namespaces; the office's screens fall back to English. */
export type TFieldTranslation = TTranslationOf<Pick<TCatalogue, TFieldNamespace>>;
