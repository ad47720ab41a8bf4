/** The web mode's request errors: a status and a readable message (bodies are read by byte-args.ts). */

/** A request the server refuses with a status and a readable message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
