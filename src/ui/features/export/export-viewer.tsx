// The Export preview's Monaco: the app's shared read-only viewer, plus the syntax colouring of the languages
// exports are written in (JSON is there already). Only tokenizers: no language service, no worker.
// Loaded lazily by ExportPreview, so neither Monaco nor these enter the first screen.
import 'monaco-editor/languages/definitions/hcl/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/yaml/register';

export { default } from '../patterns/monaco-viewer.tsx';
