// The dependency rule `npm test` holds (`npm run deps`): no import circle anywhere in src/ and server/, the
// core's folders are layers that import only downward, the core stays pure, and the server does not
// reach into the CLI. Type-only imports count too (tsPreCompilationDeps), since a type import that runs
// upward ties two layers together as surely as a value import does.
//
// The core's layers, lowest first (a module imports its own layer and the ones before it):
//   values → keys → model → items → indexes → requests → evaluate → checks → apply → analysis → io
//   → features → contract
// values: exact numbers, JSON values, marshalling, text helpers; model: schema, validation, item size;
// checks: the validations that need requests or evaluate; apply: what Apply writes; analysis: lint,
// capacity, cost; io: every import/export format and codegen; features: lessons, diff, live, share,
// examples; contract: the HTTP API's types. Tests may import any layer; test-support/ only tests import.
const LAYERS = [
  'values',
  'keys',
  'model',
  'items',
  'indexes',
  'requests',
  'evaluate',
  'checks',
  'apply',
  'analysis',
  'io',
  'features',
  'contract',
];
const TEST = '\\.test\\.tsx?$';

const upward = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `core-layer-${layer}`,
  comment: `src/core/${layer} imports only its own layer and those below it (${LAYERS.slice(0, index).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `^src/core/${layer}/`, pathNot: TEST },
  to: { path: `^src/core/(${LAYERS.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two modules that import each other (directly or round a longer loop) are one module in two files',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...upward,
    {
      name: 'core-outside-layers',
      comment: 'Every core module sits in one of the layers (or is the purity test or test support)',
      severity: 'error',
      from: { path: '^src/core/', pathNot: `${TEST}|^src/core/test-support/` },
      to: { path: `^src/core/(?!(${LAYERS.join('|')})/)` },
    },
    {
      name: 'test-support-only-in-tests',
      comment: 'Designs and fixtures made for tests are no part of the product',
      severity: 'error',
      from: { path: '^(src|server)/', pathNot: `${TEST}|^src/core/test-support/|/support\\.ts$` },
      to: { path: '^src/core/test-support/' },
    },
    {
      name: 'core-is-pure',
      comment:
        'src/core is shared by the SPA, the server and the CLI: no React, DOM, Node, AWS SDK or app module',
      severity: 'error',
      from: { path: '^src/core/', pathNot: TEST },
      to: {
        path: '^(src/(ui|store|cli|api|worker)/|server/)|node_modules/(react|react-dom|zustand|@tanstack|monaco-editor|@monaco-editor|@aws-sdk|@smithy|fastify)(/|$)',
      },
    },
    {
      name: 'core-no-node-builtins',
      comment: 'src/core runs in the browser too',
      severity: 'error',
      from: { path: '^src/core/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-cli',
      comment: 'The server and the CLI share Node helpers through a module both import, not through src/cli',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // TypeScript 7 has no JavaScript API for dependency-cruiser, so Babel reads the source; its config keeps
    // `import type` lines as dependencies (scripts/depcruise/babel.cjs).
    babelConfig: { fileName: 'scripts/depcruise/babel.cjs' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
