// The large-session notice: shown from 256 MiB, says what does not scale, yields the row to the file-changed banner.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { LARGE_SESSION_BYTES, LargeSessionBanner } from '../../../../renderer/components/notices.js';
import { StoreProvider } from '../../../../renderer/store/context.js';
import { createAppStore } from '../../../../renderer/store/store.js';
import type { AppState } from '../../../../renderer/store/types.js';
import { info, stubApi } from '../stub-api.js';

async function render(sizeBytes: number, changed = false): Promise<string> {
  const stub = stubApi({ open: async () => info({ name: 'big.jsonl', sizeBytes }) });
  const store = createAppStore({ api: stub.api, shell: stub.shell });
  await store.getState().openSession({ kind: 'path', path: '/data/big.jsonl' }, 'big.jsonl');
  if (changed)
    store.setState((s) => ({
      session: { ...s.session, changed: { sessionId: s.session.info!.sessionId, path: '/data/big.jsonl', kind: 'changed' } },
    }));
  const snapshot = createStore<AppState>()(() => store.getState());
  return renderToStaticMarkup(
    <StoreProvider store={snapshot} host={{ api: stub.api, shell: stub.shell, mode: 'web' }}>
      <LargeSessionBanner />
    </StoreProvider>,
  );
}

describe('LargeSessionBanner', () => {
  it('says nothing for a session under 256 MiB', async () => {
    expect(await render(LARGE_SESSION_BYTES - 1)).toBe('');
  });

  it('tells what does not scale for a large session, and the repair limit above 2 GiB', async () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    const large = await render(600 * 1024 * 1024);
    expect(large).toContain('data-testid="large-session-notice"');
    expect(text(large)).toContain('big.jsonl is a large session (600.0 MB): the diff shows it by windows of turns');
    expect(text(large)).toContain('transcript-inspector inspect FILE --json');
    expect(text(large)).not.toContain('cannot be repaired');
    expect(text(await render(3 * 1024 ** 3))).toContain('Files over 2 GiB cannot be repaired on disk.');
  });

  it('gives the banner row to the file-changed banner', async () => {
    expect(await render(600 * 1024 * 1024, true)).toBe('');
  });
});
