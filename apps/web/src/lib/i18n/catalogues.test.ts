import { describe, expect, it } from 'vitest';
import { FIELD_NAMESPACES } from './catalogues';
import { en } from './catalogues/en';
import { catalogue as hi } from './catalogues/hi';
import { catalogue as mr } from './catalogues/mr';
import { catalogue as ta } from './catalogues/ta';

type TTree = { readonly [key: string]: string | TTree };

/** Every leaf of a catalogue as `path → text`. */
const leaves = (tree: TTree, prefix = ''): Map<string, string> => {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
};

/** The `{{placeholders}}` a text fills in, sorted. */
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const pick = (tree: TTree, namespaces: readonly string[]): TTree =>
  Object.fromEntries(namespaces.map((namespace) => [namespace, tree[namespace] ?? {}]));

const CASES = [
  { language: 'hi', translation: hi as TTree, namespaces: Object.keys(en) },
  { language: 'mr', translation: mr as TTree, namespaces: FIELD_NAMESPACES },
  { language: 'ta', translation: ta as TTree, namespaces: FIELD_NAMESPACES },
];

describe('catalogues', () => {
  it.each(CASES)(
    '$language has every key English has in its namespaces, and no other',
    ({ translation, namespaces }) => {
      const source = leaves(pick(en, namespaces));
      const translated = leaves(pick(translation, namespaces));
      expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
      expect(Object.keys(translation).sort()).toEqual([...namespaces].sort());
    },
  );

  it.each(CASES)(
    '$language fills in the same placeholders as English, and leaves no text empty',
    ({ translation, namespaces }) => {
      const source = leaves(pick(en, namespaces));
      for (const [path, text] of leaves(pick(translation, namespaces))) {
        expect(text.trim(), path).not.toBe('');
        expect(placeholders(text), path).toEqual(placeholders(source.get(path) ?? ''));
      }
    },
  );
});
