// How dependency-cruiser reads TypeScript here: through Babel, since TypeScript 7 has no JavaScript API
// for it to call and its swc reader cannot parse .tsx. Babel drops type-only imports when it strips types,
// but the dependency rule counts them (a type import that runs upward ties two layers as a value import
// does), so the plugin below first turns each into a bare `import 'x'`, which Babel keeps.
/**
 * An import (`kind` importKind) or re-export (exportKind) whose specifiers are all or partly type-only: those
 * are dropped from it and its source kept as a bare import.
 */
function keepTypeSpecifiers(statement, kind, bare) {
  const node = statement.node;
  const types = node.specifiers.filter((s) => node[kind] === 'type' || s[kind] === 'type');
  if (types.length === 0) return;
  if (types.length === node.specifiers.length) statement.replaceWith(bare(node.source));
  else {
    node.specifiers = node.specifiers.filter((s) => !types.includes(s));
    statement.insertAfter(bare(node.source));
  }
}

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
          if (statement.isImportDeclaration()) keepTypeSpecifiers(statement, 'importKind', bare);
          else if (statement.isExportNamedDeclaration() && statement.node.source)
            keepTypeSpecifiers(statement, 'exportKind', bare);
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
