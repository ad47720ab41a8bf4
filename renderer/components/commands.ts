/** The app's commands, shared by the toolbar, keyboard shortcuts and the Electron menu. */
import type { ExportKind } from '../../shared/api.js';
import type { HostBridge } from '../api.js';
import { errorMessage } from '../format.js';
import type { AppStore } from '../store/store.js';

/** Everything a button, a shortcut or a menu item can ask for. */
export interface Commands {
  open(): Promise<void>;
  openFile(file: File): Promise<void>;
  exportAs(kind: ExportKind, mode: 'copy' | 'save'): Promise<void>;
}

/** Start a browser download of some text (the web mode's "save"). */
export function downloadText(fileName: string, text: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Build the commands around the host bridge and the store; `pickInPage` opens the page's file input. */
export function createCommands(host: HostBridge, store: AppStore, pickInPage: () => void): Commands {
  return {
    async open() {
      // The web mode has no native dialog: the page's file input stands in for it.
      if (host.mode === 'web') {
        pickInPage();
        return;
      }
      try {
        const request = await host.api.pickFile();
        if (request) await store.getState().openSession(request);
      } catch (error) {
        store.getState().pushToast({ kind: 'error', text: `Could not open the file: ${errorMessage(error)}` });
      }
    },

    async openFile(file) {
      try {
        const request = await host.shell.requestForFile(file);
        await store.getState().openSession(request, file.name);
      } catch (error) {
        store.getState().pushToast({ kind: 'error', text: `Could not read ${file.name}: ${errorMessage(error)}` });
      }
    },

    async exportAs(kind, mode) {
      const working =
        kind === 'session-redacted'
          ? store
              .getState()
              .pushToast({ kind: 'info', text: 'Redacting the session and checking that the copy reproduces this inspection…' })
          : null;
      const exported = await store.getState().exportText(kind);
      if (working !== null) store.getState().dismissToast(working);
      if (!exported) return;
      // What the export says about itself (a redacted session: whether it reproduces, what was kept) stays until read.
      const notes = exported.notes?.length ? { detail: exported.notes.join(' '), persist: true } : {};
      try {
        if (mode === 'copy') {
          await navigator.clipboard.writeText(exported.text);
          store.getState().pushToast({ kind: 'success', text: `Copied ${exported.fileName} to the clipboard`, ...notes });
          return;
        }
        const saved = await host.api.saveText(exported.fileName, exported.text);
        if (saved.saved) store.getState().pushToast({ kind: 'success', text: `Saved ${saved.path ?? exported.fileName}`, ...notes });
        else if (host.mode === 'web') {
          downloadText(exported.fileName, exported.text);
          store.getState().pushToast({ kind: 'success', text: `Downloading ${exported.fileName}`, ...notes });
        }
      } catch (error) {
        store.getState().pushToast({ kind: 'error', text: `Export failed: ${errorMessage(error)}` });
      }
    },
  };
}
