// How dependency-cruiser reads TypeScript here: through Babel, since TypeScript 7 has no JavaScript API
// for it to call and its swc reader cannot parse .tsx. Babel drops type-only imports when it strips types,
// but the dependency rule counts them (a type import that runs upward ties two layers as a value import
// does), so the plugin below first turns each into a bare `import 'x'`, which Babel keeps.
const keepTypeImports = ({ types: t }) => ({
  visitor: {
    Program: {
      enter(program) {
        const bare = (source) => t.importDeclaration([], t.stringLiteral(source.value));
        const sources = [];
        program.traverse({
          TSImportType(path) {
            const argument =
              path.node.argument.type === 'TSLiteralType' ? path.node.argument.literal : path.node.argument;
            if (argument?.type === 'StringLiteral') sources.push(argument);
          },
        });
        for (const statement of program.get('body')) {
          const node = statement.node;
          if (statement.isImportDeclaration()) {
            const types = node.specifiers.filter(
              (s) => node.importKind === 'type' || s.importKind === 'type',
            );
            if (types.length === 0) continue;
            if (types.length === node.specifiers.length) statement.replaceWith(bare(node.source));
            else {
              node.specifiers = node.specifiers.filter((s) => !types.includes(s));
              statement.insertAfter(bare(node.source));
            }
          } else if (statement.isExportNamedDeclaration() && node.source) {
            const types = node.specifiers.filter(
              (s) => node.exportKind === 'type' || s.exportKind === 'type',
            );
            if (types.length === 0) continue;
            if (types.length === node.specifiers.length) statement.replaceWith(bare(node.source));
            else {
              node.specifiers = node.specifiers.filter((s) => !types.includes(s));
              statement.insertAfter(bare(node.source));
            }
          }
        }
        for (const source of sources) program.unshiftContainer('body', bare(source));
      },
    },
  },
});

module.exports = {
  plugins: [keepTypeImports],
  presets: [
    [
      '@babel/preset-typescript',
      { allExtensions: true, isTSX: true, onlyRemoveTypeImports: true, allowDeclareFields: true },
    ],
  ],
};
