/**
 * How dependency-cruiser reads TypeScript and TSX: TypeScript 7 has no JavaScript compiler API, so
 * Babel strips the types before dependency-cruiser parses the result.
 */

/**
 * Babel drops type-only imports and re-exports (`import type`, `import { type X }`) as nothing to
 * compile; the boundaries count them too, so they are turned into plain ones first (and the
 * TypeScript preset told to keep every import that is not type-only).
 */
const keepTypeOnlyImports = () => ({
  visitor: {
    Program: {
      enter(program) {
        for (const statement of program.node.body) {
          if (!statement.source) continue;
          if (statement.importKind === 'type') statement.importKind = 'value';
          if (statement.exportKind === 'type') statement.exportKind = 'value';
          for (const specifier of statement.specifiers ?? []) {
            if (specifier.importKind === 'type') specifier.importKind = 'value';
            if (specifier.exportKind === 'type') specifier.exportKind = 'value';
          }
        }
      },
    },
  },
});

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeOnlyImports],
  presets: [
    ['@babel/preset-typescript', { onlyRemoveTypeImports: true }],
    ['@babel/preset-react', { runtime: 'automatic' }],
  ],
};
