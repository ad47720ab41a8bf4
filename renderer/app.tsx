/** The app shell: layout, keyboard shortcuts, drag and drop, menu commands and start-up. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ShellCommand } from '../shared/api.js';
import { createCommands } from './components/commands.js';
import { DiffPane } from './components/diff-pane.js';
import { ElisionViewer } from './components/elision-viewer.js';
import { ErrorBoundary, FileChangedBanner, LargeSessionBanner, PreviewBanner, Toasts } from './components/notices.js';
import { RepairDialog } from './components/repair-dialog.js';
import { StorePicker } from './components/store-picker.js';
import { SidePanel } from './components/side-panel.js';
import { StatusBar } from './components/status-bar.js';
import { Toolbar } from './components/toolbar.js';
import { TurnList } from './components/turn-list.js';
import { useAppStore, useHost } from './store/context.js';
import { FolderView } from './folder/folder-view.js';
import { folderStoreFor, openFolder } from './folder/open-folder.js';

/** The whole window. */
export function App() {
  const host = useHost();
  const store = useAppStore();
  const fileInput = useRef<HTMLInputElement>(null);
  const commands = useMemo(() => createCommands(host, store, () => fileInput.current?.click()), [host, store]);
  const folders = useMemo(() => folderStoreFor(host, (text) => store.getState().pushToast({ kind: 'error', text })), [host, store]);
  const openFolderNow = useMemo(
    () => () => void openFolder(host, folders, (text) => store.getState().pushToast({ kind: 'info', text })),
    [host, folders, store],
  );

  // Start-up: catalogue, recent files, file watching (main.tsx opens the launch session before this).
  useEffect(() => {
    const state = store.getState();
    void state.loadCatalog();
    void state.loadRecent();
    return host.api.onFileChanged((event) => store.getState().fileChanged(event));
  }, [host, store]);

  // Menu commands (Electron) and keyboard shortcuts (both modes) run the same actions.
  useEffect(() => {
    const run = (command: ShellCommand): void => (command === 'open-folder' ? openFolderNow() : runCommand(command, commands, store));
    const unsubscribe = host.shell.onCommand(run);
    const unsubscribeOpen = host.shell.onOpenRequest((request) => void store.getState().openSession(request));
    const onKey = (e: KeyboardEvent) => {
      // Alt+B switches the behaviour (spec / OpenClaw 2026.9.6): not a shell command, the menus have no entry for it.
      if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyB') {
        e.preventDefault();
        e.stopPropagation();
        const s = store.getState();
        void s.setBehaviour(s.target.behaviour === 'spec' ? 'openclaw-2026.9.6' : 'spec');
        return;
      }
      const command = shortcutOf(e);
      if (!command) return;
      // Capture phase + stopPropagation: Monaco must not see these keys (it binds F8 itself).
      e.preventDefault();
      e.stopPropagation();
      run(command);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      unsubscribe();
      unsubscribeOpen();
      window.removeEventListener('keydown', onKey, true);
    };
  }, [host, store, commands, openFolderNow]);

  const dragging = useFileDrop(commands);

  return (
    <div className="app">
      <Toolbar commands={commands} onOpenFolder={openFolderNow} />
      <FileChangedBanner />
      <LargeSessionBanner />
      <PreviewBanner />
      <main className="workspace">
        <ErrorBoundary>
          <TurnList />
        </ErrorBoundary>
        <ErrorBoundary>
          <DiffPane />
        </ErrorBoundary>
        <ErrorBoundary>
          <SidePanel />
        </ErrorBoundary>
      </main>
      <FolderView folders={folders} />
      <StatusBar mode={host.mode} />
      <RepairDialog commands={commands} />
      <StorePicker />
      <ElisionViewer />
      <Toasts />
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop a session file or an OpenClaw store to inspect it
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        accept=".jsonl,.json,.txt,.sqlite,.db,application/json"
        data-testid="file-input"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void commands.openFile(file);
        }}
      />
    </div>
  );
}

type Commands = ReturnType<typeof createCommands>;

/** Run a menu command or shortcut. */
function runCommand(command: ShellCommand, commands: Commands, store: ReturnType<typeof useAppStore>): void {
  const s = store.getState();
  switch (command) {
    case 'open':
      void commands.open();
      break;
    case 'open-sample':
      void s.openSample();
      break;
    case 'reload':
      void s.reloadSession();
      break;
    case 'next-annotation':
      s.stepAnnotation(1);
      break;
    case 'previous-annotation':
      s.stepAnnotation(-1);
      break;
    case 'toggle-view':
      s.toggleView();
      break;
    case 'next-window':
      void s.stepWindow(1);
      break;
    case 'previous-window':
      void s.stepWindow(-1);
      break;
    case 'focus-target':
      s.focusTargetPicker();
      break;
    case 'export-payload':
      void commands.exportAs('payload-json', 'save');
      break;
    case 'export-curl':
      void commands.exportAs('curl', 'save');
      break;
    case 'export-report':
      void commands.exportAs('report-markdown', 'save');
      break;
    case 'export-redacted':
      void commands.exportAs('session-redacted', 'save');
      break;
    case 'repair':
      void s.startRepair();
      break;
  }
}

/** The command a key press is the shortcut of, or null. */
function shortcutOf(e: KeyboardEvent): ShellCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'o') return 'open';
  if (mod && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'o') return 'open-folder';
  if (e.key === 'F8' && !mod && !e.altKey) return e.shiftKey ? 'previous-annotation' : 'next-annotation';
  if (e.altKey && !mod && e.code === 'KeyV') return 'toggle-view';
  if (mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'k') return 'focus-target';
  if (e.altKey && !mod && !e.shiftKey && (e.key === 'PageDown' || e.key === 'PageUp'))
    return e.key === 'PageDown' ? 'next-window' : 'previous-window';
  return null;
}

/** Drag and drop anywhere in the window opens the file; nothing dropped ever navigates the page. True while files are dragged over. */
function useFileDrop(commands: Commands): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setDragging(true);
    };
    const onLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (e: DragEvent) => e.preventDefault();
    const onDrop = (e: DragEvent) => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) void commands.openFile(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [commands]);
  return dragging;
}
