/** The Inspector's event subscriptions (file changes, read progress): a set of listeners, each one isolated from the others. */

/** Listeners of one kind of event. */
export class Listeners<T> {
  private readonly set = new Set<(event: T) => void>();

  /** Add a listener; `what` names the subscription in the error for a listener that is not a function. */
  add(listener: (event: T) => void, what: string): () => void {
    if (typeof listener !== 'function') throw new TypeError(`${what}(listener): expected a function`);
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  }

  /** Call every listener with `event`. */
  emit(event: T): void {
    for (const listener of this.set) {
      try {
        listener(event);
      } catch {
        // A failing listener must not stop the others.
      }
    }
  }

  clear(): void {
    this.set.clear();
  }
}
