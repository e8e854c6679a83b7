// Monaco from the bundle (never a CDN) for the design JSON editor: the editor's contributions (completion,
// hover, find, folding…), the JSON language with the design's JSON Schema, offline workers, and themes
// matching the app. Imported only by the lazily loaded JSON editor.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import designJsonSchema from '../../../core/model/design.schema.json';

self.MonacoEnvironment ??= {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
loader.config({ monaco });

/** The one model the design is edited in; the schema applies to it alone. */
export const DESIGN_MODEL_PATH = 'inmemory://keyplan/design.keyplan.json';

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  trailingCommas: 'error',
  enableSchemaRequest: false,
  schemaValidation: 'error',
  schemas: [
    {
      uri: 'inmemory://keyplan/design.schema.json',
      fileMatch: [DESIGN_MODEL_PATH],
      schema: designJsonSchema,
    },
  ],
});

monaco.editor.defineTheme('keyplan-light', {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'string.key.json', foreground: '1b4fb8' },
    { token: 'string.value.json', foreground: '1f7a4a' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editorLineNumber.foreground': '#606977', // --text-faint: 4.5:1 and more
    'editorLineNumber.activeForeground': '#1b1f24',
    'editor.lineHighlightBackground': '#f5f7fa',
    'editorGutter.background': '#ffffff',
  },
});
monaco.editor.defineTheme('keyplan-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'string.key.json', foreground: '8cb4ff' },
    { token: 'string.value.json', foreground: '8fd19e' },
    { token: 'comment', foreground: '7ca668' }, // vs-dark's 608b4e is under 4.5:1 on the panel
  ],
  colors: {
    'editor.background': '#181b20',
    'editorLineNumber.foreground': '#959eab', // --text-faint: 4.5:1 and more
    'editorLineNumber.activeForeground': '#e6e9ee',
    'editor.lineHighlightBackground': '#1e2228',
    'editorGutter.background': '#181b20',
  },
});

export { monaco };
