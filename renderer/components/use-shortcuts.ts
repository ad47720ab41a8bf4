/** Menu commands (Electron) and keyboard shortcuts (both modes) run the same actions. */
import { useEffect } from 'react';
import type { ShellCommand } from '../../shared/api.js';
import type { HostBridge } from '../api.js';
import type { AppStore } from '../store/store.js';
import type { Commands } from './commands.js';

/** Run one shell command against the store. */
function runCommand(command: ShellCommand, store: AppStore, commands: Commands, openFolder: () => void): void {
  const s = store.getState();
  switch (command) {
    case 'open':
      void commands.open();
      break;
    case 'open-folder':
      openFolder();
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

/** Alt+R: into the Recorded view and back; without a chosen run, say where to choose one. */
function toggleRecorded(store: AppStore): void {
  const s = store.getState();
  if (s.trajectory.shown) s.showRecorded(false);
  else if (s.trajectory.runId) s.showRecorded(true);
  else
    s.pushToast({
      kind: 'info',
      text: 'No recorded run chosen: open a trajectory (Trajectory… in the side panel) and choose a run first.',
    });
}

/**
 * The command a key press means, if any; 'search' is the diff's search box, 'behaviour' the Spec / Release
 * switch, 'recorded' the Recorded view of a trajectory's run (in and out).
 */
export function shortcutFor(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): ShellCommand | 'search' | 'behaviour' | 'recorded' | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && !e.shiftKey && !e.altKey && key === 'o') return 'open';
  if (mod && e.shiftKey && !e.altKey && key === 'o') return 'open-folder';
  if (e.key === 'F8' && !mod && !e.altKey) return e.shiftKey ? 'previous-annotation' : 'next-annotation';
  if (e.altKey && !mod && e.code === 'KeyV') return 'toggle-view';
  // Not a shell command: the menus have no entry for the behaviour.
  if (e.altKey && !mod && !e.shiftKey && e.code === 'KeyB') return 'behaviour';
  if (e.altKey && !mod && !e.shiftKey && e.code === 'KeyR') return 'recorded';
  if (mod && !e.shiftKey && !e.altKey && key === 'k') return 'focus-target';
  if (e.altKey && !mod && !e.shiftKey && (e.key === 'PageDown' || e.key === 'PageUp'))
    return e.key === 'PageDown' ? 'next-window' : 'previous-window';
  // The diff's search covers both sides; Monaco's own find box would search one.
  if (mod && !e.shiftKey && !e.altKey && key === 'f') return 'search';
  return null;
}

/** Listen to the shell's commands and open requests, and to the keyboard (capture phase). */
export function useShortcuts(host: HostBridge, store: AppStore, commands: Commands, openFolder: () => void): void {
  useEffect(() => {
    const unsubscribe = host.shell.onCommand((command) => runCommand(command, store, commands, openFolder));
    const unsubscribeOpen = host.shell.onOpenRequest((request) => void store.getState().openSession(request));
    const onKey = (e: KeyboardEvent) => {
      const command = shortcutFor(e);
      if (!command) return;
      // Capture phase + stopPropagation: Monaco must not see these keys (it binds F8 and Ctrl+F itself).
      e.preventDefault();
      e.stopPropagation();
      const s = store.getState();
      if (command === 'search') s.focusSearch();
      else if (command === 'behaviour') void s.setBehaviour(s.target.behaviour === 'spec' ? 'openclaw-2026.9.6' : 'spec');
      else if (command === 'recorded') toggleRecorded(store);
      else runCommand(command, store, commands, openFolder);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      unsubscribe();
      unsubscribeOpen();
      window.removeEventListener('keydown', onKey, true);
    };
  }, [host, store, commands, openFolder]);
}
