/**
 * Files the user opened: on the command line, with a picker, by drag and drop, or in an earlier run
 * (the recent list). A renderer may open or preview a path only from these, so a compromised page
 * cannot read an arbitrary file through the host. The desktop shell and the web mode share it.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import {
  requestPath,
  type InspectionSummary,
  type OpenRequest,
  type SessionInfo,
  type StoreListing,
  type StoreRequest,
  type TrajectoryListing,
} from '../../shared/api.js';
import type { InspectOptions, Target } from '../../shared/types.js';
import type { HostInspector } from './inspector.js';

/** A path request for a file the user never opened. */
export class PathNotGrantedError extends Error {
  override name = 'PathNotGrantedError';
}

/** The files a renderer may ask for by path. */
export class PathGrants {
  private readonly granted = new Set<string>();
  /** Folders the user opened: the sessions below one may be opened and repaired. */
  private readonly folders = new Set<string>();

  /**
   * @param recentFiles the recent list (files opened in earlier runs count as opened)
   * @param how how the user opens a file in this shell, for the refusal's message
   */
  constructor(
    private readonly recentFiles: () => Promise<string[]>,
    private readonly how: string,
  ) {}

  /** Record a file the user opened; its resolved path. */
  grant(filePath: string): string {
    const resolved = path.resolve(filePath);
    this.granted.add(resolved);
    return resolved;
  }

  /** Record a folder the user opened (a picker, the command line); its resolved path. */
  grantFolder(dir: string): string {
    const resolved = path.resolve(dir);
    this.folders.add(resolved);
    return resolved;
  }

  /**
   * Record a folder the user dropped on the window (the preload read its path from the dropped
   * item): it must be an absolute path to a folder. Its resolved path.
   */
  grantDroppedFolder(dir: unknown): string {
    if (typeof dir !== 'string' || !path.isAbsolute(dir)) throw new TypeError('grantDroppedFolder(dir): expected an absolute path');
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${dir} is not a folder`);
    return this.grantFolder(dir);
  }

  /** Whether the user opened this folder, or one it is inside. */
  allowsFolder(dir: string): boolean {
    const resolved = path.resolve(dir);
    for (const folder of this.folders) if (resolved === folder || resolved.startsWith(folder + path.sep)) return true;
    return false;
  }

  /** Refuse a folder the user did not open. */
  checkFolder(dir: string): void {
    if (!this.allowsFolder(dir)) throw new PathNotGrantedError(`${dir} was not opened by the user: ${this.how}`);
  }

  /** Whether the user opened this file, in this run or (by the recent list) an earlier one, or a folder it is in. */
  async allows(filePath: string): Promise<boolean> {
    const resolved = path.resolve(filePath);
    if (this.granted.has(resolved) || this.allowsFolder(path.dirname(resolved))) return true;
    const recent = await this.recentFiles().catch(() => [] as string[]);
    return recent.some((p) => path.resolve(p) === resolved);
  }

  /**
   * Refuse a request that reads a file the user did not open (a session file, or an OpenClaw store
   * by its path); other requests carry their own bytes.
   */
  async check(request: OpenRequest): Promise<void> {
    const file = requestPath(request);
    if (file !== null && !(await this.allows(file))) throw new PathNotGrantedError(`${file} was not opened by the user: ${this.how}`);
  }

  /** Open a request the user may open, and grant the file it resolved to. */
  async open(inspector: Pick<HostInspector, 'open'>, request: OpenRequest): Promise<SessionInfo> {
    await this.check(request);
    const info = await inspector.open(request);
    if (info.path) this.grant(info.path);
    // A session of an OpenClaw store: the store was opened, so its other sessions may be too.
    if (info.store?.path) this.grant(info.store.path);
    return info;
  }

  /** List the sessions of a store the user may open: listing reads the file as open would. */
  async listStore(inspector: Pick<HostInspector, 'listStore'>, request: StoreRequest): Promise<StoreListing | null> {
    await this.check(request);
    return inspector.listStore(request);
  }

  /** Open a trajectory for a session: one the user picked must be a file they opened (found ones are the host's own). */
  async openTrajectory(
    inspector: Pick<HostInspector, 'openTrajectory'>,
    sessionId: string,
    request: StoreRequest | null,
  ): Promise<TrajectoryListing | null> {
    if (request) await this.check(request);
    return inspector.openTrajectory(sessionId, request);
  }

  /** Preview a request the user may open: a preview reads the file as open would. */
  async preview(
    inspector: Pick<HostInspector, 'preview'>,
    request: OpenRequest,
    target: Target | null,
    options?: InspectOptions,
  ): Promise<InspectionSummary | null> {
    await this.check(request);
    return options === undefined ? inspector.preview(request, target) : inspector.preview(request, target, options);
  }
}
