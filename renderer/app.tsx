/** The app shell: layout, keyboard shortcuts, drag and drop, menu commands and start-up. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createCommands } from './components/commands.js';
import { ElisionViewer } from './components/elision-viewer.js';
import { FileChangedBanner, LargeSessionBanner, LastRepairBanner, PreviewBanner, Toasts } from './components/notices.js';
import { RepairDialog } from './components/repair-dialog.js';
import { HiddenFileInput } from './components/hidden-file-input.js';
import { StorePicker } from './components/store-picker.js';
import { StatusBar } from './components/status-bar.js';
import { Toolbar } from './components/toolbar.js';
import { useShortcuts } from './components/use-shortcuts.js';
import { Workspace } from './components/workspace.js';
import { useAppStore, useHost } from './store/context.js';
import { FolderView } from './folder/folder-view.js';
import { droppedItem, folderStoreFor, openDroppedFolder, openFolder } from './folder/open-folder.js';

/** The whole window. */
export function App() {
  const host = useHost();
  const store = useAppStore();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
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

  useShortcuts(host, store, commands, openFolderNow);

  // Drag and drop anywhere in the window opens the file (a folder: the folder view); nothing dropped ever navigates the page.
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
      const dropped = droppedItem(e.dataTransfer);
      if (dropped?.kind === 'folder')
        void openDroppedFolder(host, folders, dropped.file, (text) => store.getState().pushToast({ kind: 'error', text }));
      else if (dropped) void commands.openFile(dropped.file);
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
  }, [commands, host, folders, store]);

  return (
    <div className="app">
      <Toolbar commands={commands} onOpenFolder={openFolderNow} />
      <FileChangedBanner />
      <LastRepairBanner />
      <LargeSessionBanner />
      <PreviewBanner />
      <Workspace />
      <FolderView folders={folders} />
      <StatusBar mode={host.mode} />
      <RepairDialog commands={commands} />
      <StorePicker />
      <ElisionViewer />
      <Toasts />
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          {/* A browser cannot say where a dropped folder is: only the desktop app offers it. */}
          {host.mode === 'desktop'
            ? 'Drop a session file or an OpenClaw store to inspect it, or a folder of sessions to list them'
            : 'Drop a session file or an OpenClaw store to inspect it'}
        </div>
      )}
      <HiddenFileInput
        ref={fileInput}
        accept=".jsonl,.json,.txt,.sqlite,.db,application/json"
        testId="file-input"
        onFile={(file) => void commands.openFile(file)}
      />
    </div>
  );
}
