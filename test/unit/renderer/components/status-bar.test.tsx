// The status bar while a session opens: the spinner until the host reports, then the percentage and a determinate bar.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ProgressEvent, SessionInfo } from '../../../../shared/api.js';
import { StatusBar } from '../../../../renderer/components/status-bar.js';
import { StoreProvider } from '../../../../renderer/store/context.js';
import { createAppStore, type AppStore } from '../../../../renderer/store/store.js';
import type { AppState } from '../../../../renderer/store/types.js';
import { deferred, info, stubApi } from '../stub-api.js';

/**
 * The markup of the status bar for the store's current state. Server rendering reads a store's
 * initial state (zustand's server snapshot), so it renders a store made from the current one.
 */
function render(store: AppStore, stub: ReturnType<typeof stubApi>): string {
  const snapshot = createStore<AppState>()(() => store.getState());
  return renderToStaticMarkup(
    <StoreProvider store={snapshot} host={{ api: stub.api, shell: stub.shell, mode: 'web' }}>
      <StatusBar mode="web" />
    </StoreProvider>,
  );
}

describe('StatusBar', () => {
  it('shows the spinner, then the percentage of the file read with an accessible bar, then neither', async () => {
    const listeners = new Set<(event: ProgressEvent) => void>();
    const opened = deferred<SessionInfo>();
    const stub = stubApi({
      open: () => opened.promise,
      onProgress: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    const opening = store.getState().openSession({ kind: 'path', path: '/data/big.jsonl' }, 'big.jsonl');

    let html = render(store, stub);
    expect(html).toContain('<span class="spinner"></span> Opening big.jsonl…');
    expect(html).not.toContain('open-progress');

    listeners.forEach((l) => l({ operation: 'open', name: 'big.jsonl', path: '/data/big.jsonl', done: 462_000_000, total: 1_073_741_824 }));
    html = render(store, stub);
    expect(html).not.toContain('spinner');
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="43"');
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="100"');
    expect(html).toContain('data-testid="open-progress"');
    expect(html).toContain('style="transform:scaleX(0.43)"');
    expect(html.replace(/<[^>]+>/g, '')).toContain('Opening big.jsonl… 43\u00a0% (462 of 1\u00a0074\u00a0MB)');

    opened.resolve(info({ name: 'big.jsonl', path: '/data/big.jsonl' }));
    await opening;
    html = render(store, stub);
    expect(html).not.toContain('open-progress');
    expect(html).not.toContain('Opening');
  });

  it('reads a diagnostic once, and says the policy in sentences with the flag names in a tooltip', async () => {
    const diagnostic = {
      line: 55,
      column: 286,
      severity: 'error' as const,
      code: 'json-truncated',
      message: 'line 55, column 286: the JSON stops in the middle',
    };
    const stub = stubApi({ open: async () => info({ diagnostics: [diagnostic] }) });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    const html = render(store, stub);
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('1 diagnostic (line 55, column 286: the JSON stops in the middle)');
    expect(text).not.toContain('line 55: line 55');
    // The stub's policy: sanitizeMode full, and tool-call ids left alone for Anthropic.
    expect(text).toContain('The whole history is cleaned');
    expect(text).not.toContain('sanitizeMode=');
    expect(html).toContain('title="The whole history is cleaned (sanitizeMode)"');
  });
});
