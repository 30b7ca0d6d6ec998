/**
 * A translation of a catalogue: the same keys, nested the same way, every leaf a string. Typing a
 * language's file with it makes a key English has and the translation lacks (or a stray one) a type
 * error, so `npm run typecheck` fails before a screen shows a key.
 */
export type TTranslationOf<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TTranslationOf<T[K]>;
};
