/** The renderer's contract with its shell (Electron preload or web mode), beside the InspectorApi. */
import type { OpenRequest } from './api.js';

/**
 * Commands the desktop shell sends to the renderer (menu items). The renderer handles the same
 * commands from its own keyboard shortcuts, so the web mode needs no shell for them.
 */
export const SHELL_COMMANDS = [
  'open',
  'open-sample',
  'reload',
  'next-annotation',
  'previous-annotation',
  'toggle-view',
  'next-window',
  'previous-window',
  'focus-target',
  'export-payload',
  'export-curl',
  'export-report',
  'export-redacted',
  'repair',
  'open-folder',
] as const;

/** One shell command. */
export type ShellCommand = (typeof SHELL_COMMANDS)[number];

/** A file the user dropped or picked in the page, as far as the contract needs it (a DOM File is one). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * What the renderer needs from its shell besides the InspectorApi (Electron preload or web mode).
 *
 * Kept apart from InspectorApi because these are not host services: they tell the renderer how it
 * was launched and turn a dropped file into an OpenRequest the host will accept.
 */
export interface ShellApi {
  /** The session given on the command line, which the renderer opens at start. */
  launchRequest(): Promise<OpenRequest | null>;
  /** Menu commands; returns the unsubscribe function (a no-op in the web mode). */
  onCommand(listener: (command: ShellCommand) => void): () => void;
  /** Files the shell opened for the user (recent menu, a second launch, the OS "open with"). */
  onOpenRequest(listener: (request: OpenRequest) => void): () => void;
  /**
   * An OpenRequest for a file the user dropped or picked in the page: by path when the shell can
   * vouch for it (Electron grants that one path), else by bytes.
   */
  requestForFile(file: PickedFile): Promise<OpenRequest>;
  /** The folder given on the command line (`serve DIR`, `npm start -- DIR`), which the renderer scans at start. */
  launchFolder?(): Promise<string | null>;
  /**
   * The path of a folder the user dropped on the page, granted to the renderer like a picked one;
   * null when the shell cannot tell where it is (a browser never says where a dropped item is).
   */
  folderForFile?(file: PickedFile): Promise<string | null>;
}

/** IPC channels of the Electron shell bridge (not part of the web mode). */
export const SHELL_CHANNELS = {
  launchRequest: 'shell:launch-request',
  command: 'shell:command',
  openRequest: 'shell:open-request',
  grantDroppedPath: 'shell:grant-dropped-path',
  launchFolder: 'shell:launch-folder',
  grantDroppedFolder: 'shell:grant-dropped-folder',
} as const;
