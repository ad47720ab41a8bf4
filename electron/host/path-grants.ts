/**
 * Files the user opened: on the command line, with a picker, by drag and drop, or in an earlier run
 * (the recent list). A renderer may open or preview a path only from these, so a compromised page
 * cannot read an arbitrary file through the host. The desktop shell and the web mode share it.
 */
import path from 'node:path';
import type { OpenRequest } from '../../shared/api.js';

/** A path request for a file the user never opened. */
export class PathNotGrantedError extends Error {
  override name = 'PathNotGrantedError';
}

/** The files a renderer may ask for by path. */
export class PathGrants {
  private readonly granted = new Set<string>();

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

  /** Whether the user opened this file, in this run or (by the recent list) an earlier one. */
  async allows(filePath: string): Promise<boolean> {
    const resolved = path.resolve(filePath);
    if (this.granted.has(resolved)) return true;
    const recent = await this.recentFiles().catch(() => [] as string[]);
    return recent.some((p) => path.resolve(p) === resolved);
  }

  /** Refuse a path request for a file the user did not open; other requests carry their own bytes. */
  async check(request: OpenRequest): Promise<void> {
    if (request.kind === 'path' && !(await this.allows(request.path))) {
      throw new PathNotGrantedError(`${request.path} was not opened by the user: ${this.how}`);
    }
  }
}
