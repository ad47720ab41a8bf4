/**
 * The preload bridge: exposes the InspectorApi and the shell's few extras as named methods.
 *
 * Never `ipcRenderer` itself and never a generic invoke: each method is bound to its own channel,
 * and the main process validates every argument again.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  FILE_CHANGED_CHANNEL,
  PROGRESS_CHANNEL,
  SHELL_CHANNELS,
  SHELL_COMMANDS,
  channelOf,
  type FileChangedEvent,
  type InspectorApi,
  type OpenRequest,
  type ProgressEvent,
  type ShellApi,
  type ShellCommand,
} from '../shared/api.js';

const api: InspectorApi = {
  listTargets: () => ipcRenderer.invoke(channelOf('listTargets')),
  open: (request) => ipcRenderer.invoke(channelOf('open'), request),
  listStore: (request) => ipcRenderer.invoke(channelOf('listStore'), request),
  reload: (sessionId) => ipcRenderer.invoke(channelOf('reload'), sessionId),
  close: (sessionId) => ipcRenderer.invoke(channelOf('close'), sessionId),
  inspect: (sessionId, target, options) => ipcRenderer.invoke(channelOf('inspect'), sessionId, target, options),
  preview: (request, target) => ipcRenderer.invoke(channelOf('preview'), request, target),
  getTurns: (inspectionId, side, start, count) => ipcRenderer.invoke(channelOf('getTurns'), inspectionId, side, start, count),
  payloadEntry: (inspectionId, side, index) => ipcRenderer.invoke(channelOf('payloadEntry'), inspectionId, side, index),
  getDocument: (inspectionId, side, view, window) => ipcRenderer.invoke(channelOf('getDocument'), inspectionId, side, view, window),
  reveal: (inspectionId, ref) => ipcRenderer.invoke(channelOf('reveal'), inspectionId, ref),
  thumbnail: (inspectionId, imageRef) => ipcRenderer.invoke(channelOf('thumbnail'), inspectionId, imageRef),
  explainError: (inspectionId, errorText) => ipcRenderer.invoke(channelOf('explainError'), inspectionId, errorText),
  exportText: (inspectionId, kind) => ipcRenderer.invoke(channelOf('exportText'), inspectionId, kind),
  planRepair: (sessionId) => ipcRenderer.invoke(channelOf('planRepair'), sessionId),
  // Options only when given: an undefined third argument would still count as one.
  repair: (sessionId, expectedDigest, ...options) => ipcRenderer.invoke(channelOf('repair'), sessionId, expectedDigest, ...options),
  undoRepair: (sessionId) => ipcRenderer.invoke(channelOf('undoRepair'), sessionId),
  recentFiles: () => ipcRenderer.invoke(channelOf('recentFiles')),
  pickFile: () => ipcRenderer.invoke(channelOf('pickFile')),
  saveText: (suggestedName, text) => ipcRenderer.invoke(channelOf('saveText'), suggestedName, text),
  pickFolder: () => ipcRenderer.invoke(channelOf('pickFolder')),
  scanFolder: (dir) => ipcRenderer.invoke(channelOf('scanFolder'), dir),
  openTrajectory: (sessionId, request) => ipcRenderer.invoke(channelOf('openTrajectory'), sessionId, request),
  compareTrajectoryRun: (trajectoryId, runId, behaviour) =>
    ipcRenderer.invoke(channelOf('compareTrajectoryRun'), trajectoryId, runId, behaviour),
  folderScan: (scanId, from) => ipcRenderer.invoke(channelOf('folderScan'), scanId, from),
  cancelFolderScan: (scanId) => ipcRenderer.invoke(channelOf('cancelFolderScan'), scanId),
  repairFolder: (scanId, files, options) => ipcRenderer.invoke(channelOf('repairFolder'), scanId, files, options),
  undoFolderRepair: (scanId, files) => ipcRenderer.invoke(channelOf('undoFolderRepair'), scanId, files),
  onFileChanged(listener) {
    const handler = (_event: IpcRendererEvent, payload: FileChangedEvent) => listener(payload);
    ipcRenderer.on(FILE_CHANGED_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(FILE_CHANGED_CHANNEL, handler);
    };
  },
  onProgress(listener) {
    const handler = (_event: IpcRendererEvent, payload: ProgressEvent) => listener(payload);
    ipcRenderer.on(PROGRESS_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(PROGRESS_CHANNEL, handler);
    };
  },
};

const knownCommands = new Set<string>(SHELL_COMMANDS);

const shell: ShellApi = {
  launchRequest: () => ipcRenderer.invoke(SHELL_CHANNELS.launchRequest),
  launchFolder: () => ipcRenderer.invoke(SHELL_CHANNELS.launchFolder),
  onCommand(listener) {
    const handler = (_event: IpcRendererEvent, command: unknown) => {
      if (typeof command === 'string' && knownCommands.has(command)) listener(command as ShellCommand);
    };
    ipcRenderer.on(SHELL_CHANNELS.command, handler);
    return () => {
      ipcRenderer.removeListener(SHELL_CHANNELS.command, handler);
    };
  },
  onOpenRequest(listener) {
    const handler = (_event: IpcRendererEvent, request: OpenRequest) => listener(request);
    ipcRenderer.on(SHELL_CHANNELS.openRequest, handler);
    return () => {
      ipcRenderer.removeListener(SHELL_CHANNELS.openRequest, handler);
    };
  },
  async requestForFile(file) {
    // Only a real File from a drop or a file input has a path: page script cannot forge one, so
    // this is the one place a path can be vouched for and granted to the renderer.
    // webUtils is in the sandboxed preload's module subset; stay usable (by bytes) if it is not.
    // Page script can only hand over what the contract allows; a real DOM File is what has a path.
    const filePath = file instanceof File ? (webUtils?.getPathForFile(file) ?? '') : '';
    if (filePath) {
      await ipcRenderer.invoke(SHELL_CHANNELS.grantDroppedPath, filePath);
      return { kind: 'path', path: filePath };
    }
    return { kind: 'bytes', name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  },
  async folderForFile(file) {
    // As above: only a real dropped File has a path, and the main process checks it is a folder.
    const dirPath = file instanceof File ? (webUtils?.getPathForFile(file) ?? '') : '';
    if (!dirPath) return null;
    return (await ipcRenderer.invoke(SHELL_CHANNELS.grantDroppedFolder, dirPath)) as string;
  },
};

contextBridge.exposeInMainWorld('inspector', api);
contextBridge.exposeInMainWorld('inspectorShell', shell);
