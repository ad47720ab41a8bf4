/**
 * The target in the toolbar: which provider and model the session is replayed to (the session's own
 * model marked), a button that opens the searchable palette (Ctrl/Cmd+K), the reasoning switch, and
 * a custom provider/api/model form.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Target } from '../../shared/types.js';
import { useApp, useAppStore } from '../store/context.js';
import { catalogModel, sameTarget } from '../store/target-slice.js';
import { TargetPalette } from './target-palette.js';
import { useDismiss } from './use-dismiss.js';

function CustomTargetForm({ initial, apis, onDone }: { initial: Target; apis: string[]; onDone(target: Target | null): void }) {
  const [draft, setDraft] = useState<Target>(initial);
  return (
    <form
      className="popover custom-target"
      data-testid="custom-target"
      onSubmit={(e) => {
        e.preventDefault();
        if (!draft.provider.trim() || !draft.api.trim() || !draft.modelId.trim()) return;
        onDone({ provider: draft.provider.trim(), api: draft.api.trim(), modelId: draft.modelId.trim(), reasoning: draft.reasoning });
      }}
    >
      <h3>Custom target</h3>
      <label>
        Provider{' '}
        <input
          value={draft.provider}
          onChange={(e) => setDraft({ ...draft, provider: e.target.value })}
          placeholder="openrouter"
          autoFocus
        />
      </label>
      <label>
        API
        <input
          list="ti-apis"
          value={draft.api}
          onChange={(e) => setDraft({ ...draft, api: e.target.value })}
          placeholder="openai-completions"
        />
        <datalist id="ti-apis">
          {apis.map((api) => (
            <option key={api} value={api} />
          ))}
        </datalist>
      </label>
      <label>
        Model{' '}
        <input
          value={draft.modelId}
          onChange={(e) => setDraft({ ...draft, modelId: e.target.value })}
          placeholder="mistralai/mistral-large"
        />
      </label>
      <label className="inline-check">
        <input type="checkbox" checked={draft.reasoning ?? false} onChange={(e) => setDraft({ ...draft, reasoning: e.target.checked })} />{' '}
        reasoning (thinking) on
      </label>
      <div className="buttons">
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Inspect
        </button>
      </div>
    </form>
  );
}

/** The reasoning switch: thinking on or off for the target (the CLI's --reasoning). */
function ReasoningToggle() {
  const store = useAppStore();
  const current = useApp((s) => s.target.current);
  const catalog = useApp((s) => s.target.catalog);
  const on = current?.reasoning === true;
  const model = current ? catalogModel(catalog, current.provider, current.modelId) : undefined;
  const title = !current
    ? 'Reasoning (thinking) for the target'
    : model && !model.reasoning
      ? `${current.modelId} does not reason, according to the catalogue: turning it on shows what a thinking request would send`
      : on
        ? 'Thinking is on for this request (what the replay keeps and what the provider checks depend on it): click to turn it off'
        : 'Thinking is off for this request: click to turn it on';
  return (
    <button
      type="button"
      className="toggle reasoning-toggle"
      data-testid="reasoning-toggle"
      aria-pressed={on}
      disabled={!current}
      title={title}
      onClick={() => void store.getState().setReasoning(!on)}
    >
      <span className="toggle-dot" aria-hidden="true" /> Reasoning
    </button>
  );
}

/** The target picker. */
export function TargetPicker() {
  const store = useAppStore();
  const catalog = useApp((s) => s.target.catalog);
  const current = useApp((s) => s.target.current);
  const notice = useApp((s) => s.target.notice);
  const catalogError = useApp((s) => s.target.error);
  const focusSeq = useApp((s) => s.ui.targetFocusSeq);
  const busy = useApp((s) => s.inspection.loading);
  const session = useApp((s) => s.session.info?.defaultTarget ?? null);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);

  // Ctrl/Cmd+K opens the palette with the search focused.
  useEffect(() => {
    if (focusSeq > 0) setOpen(true);
  }, [focusSeq]);

  const isSession = current !== null && session !== null && sameTarget(current, session);
  return (
    <div
      className="target-picker menu"
      ref={ref}
      data-testid="target-picker"
      data-provider={current?.provider ?? ''}
      data-model={current?.modelId ?? ''}
      data-api={current?.api ?? ''}
      data-reasoning={current?.reasoning ? 'true' : 'false'}
    >
      <button
        type="button"
        className="target-button"
        data-testid="target-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!catalog && !current}
        title={`${current ? `${current.provider} / ${current.modelId} (${current.api})` : 'Choose a target'}${
          notice ? `\n${notice}` : ''
        }\nChange it: Ctrl/Cmd+K`}
        onClick={() => setOpen(!open)}
      >
        <span className="target-label muted">Target</span>
        <span className="target-name">
          {current ? (
            <>
              <span className="target-provider-name">{current.provider}</span>
              <span className="muted"> / </span>
              <span className="target-model-name">{current.modelId}</span>
            </>
          ) : (
            <span className="muted">provider and model…</span>
          )}
        </span>
        {isSession && (
          <span className="tag tag-session" title="The model the session itself last used">
            session’s
          </span>
        )}
        <span aria-hidden="true">▾</span>
      </button>
      <ReasoningToggle />
      {busy && <span className="spinner" role="status" aria-label="Inspecting" />}
      {catalogError && (
        <span className="error small" title={catalogError}>
          catalogue unavailable
        </span>
      )}
      {open && (
        <TargetPalette
          onClose={close}
          onCustom={() => {
            setOpen(false);
            setCustom(true);
          }}
        />
      )}
      {custom && (
        <CustomTargetForm
          initial={current ?? { provider: '', api: catalog?.apis[0] ?? '', modelId: '', reasoning: false }}
          apis={catalog?.apis ?? []}
          onDone={(target) => {
            setCustom(false);
            if (target) void store.getState().chooseTarget(target);
          }}
        />
      )}
    </div>
  );
}
