import { auth } from './auth';
import { common } from './common';
import { errors } from './errors';

/** The English catalogue, by namespace: the source of every key and of the key types. */
export const en = { common, auth, errors } as const;
