/** Loads the parts of Monaco the inspector uses, with its workers bundled by Vite (no CDN, no eval). */
import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
// Only the contributions a read-only diff viewer needs. `gotoError` is left out on purpose: its F8
// binding would steal the annotation stepping the app puts on F8.
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/diffEditor/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/lineSelection/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/gotoLine/register';
// The JSON mode's symbol provider needs the outline service this contribution registers.
import 'monaco-editor/features/documentSymbols/register';
import { ignoreReplacedDiffFailures } from './replaced-diff.js';

ignoreReplacedDiffFailures(self);

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// Payloads are machine-built JSON: validation and completion would only cost time on large documents.
jsonDefaults.setDiagnosticsOptions({ validate: false, allowComments: false, schemas: [] });
jsonDefaults.setModeConfiguration({
  tokens: true,
  foldingRanges: true,
  colors: false,
  completionItems: false,
  hovers: false,
  documentSymbols: false,
  documentFormattingEdits: false,
  documentRangeFormattingEdits: false,
  diagnostics: false,
  selectionRanges: false,
});

export { monaco };
