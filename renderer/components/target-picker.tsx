/** Target picker: provider → model from pi-ai's catalogue, or a custom provider/api/model. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Target } from '../../shared/types.js';
import { useApp, useAppStore } from '../store/context.js';
import { catalogModel } from '../store/target-slice.js';

const CUSTOM = '__custom__';

/** The target picker. */
export function TargetPicker() {
  const store = useAppStore();
  const catalog = useApp((s) => s.target.catalog);
  const current = useApp((s) => s.target.current);
  const catalogError = useApp((s) => s.target.error);
  const focusSeq = useApp((s) => s.ui.targetFocusSeq);
  const busy = useApp((s) => s.inspection.loading);
  const providerSelect = useRef<HTMLSelectElement>(null);
  const [custom, setCustom] = useState(false);
  const [customStart, setCustomStart] = useState<Target>({ provider: '', api: '', modelId: '', reasoning: false });

  useEffect(() => {
    if (focusSeq > 0) providerSelect.current?.focus();
  }, [focusSeq]);

  const providers = useMemo(() => {
    const ids = catalog?.providers.map((p) => p.id) ?? [];
    // A session may name a provider the catalogue does not have: keep it selectable.
    if (current && !ids.includes(current.provider)) ids.unshift(current.provider);
    return ids;
  }, [catalog, current]);

  const models = useMemo(() => {
    const list = catalog?.providers.find((p) => p.id === current?.provider)?.models ?? [];
    if (current && !list.some((m) => m.id === current.modelId))
      return [
        { id: current.modelId, name: `${current.modelId} (custom)`, api: current.api, reasoning: current.reasoning ?? false },
        ...list,
      ];
    return list;
  }, [catalog, current]);

  const choose = (target: Target) => void store.getState().setTarget(target);

  const onProvider = (provider: string) => {
    if (provider === CUSTOM) {
      setCustomStart(current ?? { provider: '', api: catalog?.apis[0] ?? '', modelId: '', reasoning: false });
      setCustom(true);
      return;
    }
    const model = catalog?.providers.find((p) => p.id === provider)?.models[0];
    if (model) choose({ provider, api: model.api, modelId: model.id, reasoning: model.reasoning });
  };

  const onModel = (modelId: string) => {
    if (!current) return;
    const model = catalogModel(catalog, current.provider, modelId);
    if (model) choose({ provider: current.provider, api: model.api, modelId: model.id, reasoning: model.reasoning });
  };

  return (
    <div
      className="target-picker"
      data-testid="target-picker"
      data-provider={current?.provider ?? ''}
      data-model={current?.modelId ?? ''}
      data-api={current?.api ?? ''}
    >
      <span className="label">Target</span>
      <select
        ref={providerSelect}
        aria-label="Provider"
        data-testid="target-provider"
        value={current?.provider ?? ''}
        onChange={(e) => onProvider(e.target.value)}
        disabled={!catalog && !current}
        title="Provider (Ctrl/Cmd+K)"
      >
        {!current && <option value="">provider…</option>}
        {providers.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
        <option value={CUSTOM}>Custom…</option>
      </select>
      <select
        aria-label="Model"
        data-testid="target-model"
        value={current?.modelId ?? ''}
        onChange={(e) => onModel(e.target.value)}
        disabled={!current}
      >
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name && m.name !== m.id ? `${m.id} — ${m.name}` : m.id}
          </option>
        ))}
      </select>
      {current && (
        <span className="muted small api-chip" title={`${current.api}: ${current.reasoning ? 'reasoning model' : 'non-reasoning model'}`}>
          {current.api}
          {current.reasoning ? ' · reasoning' : ''}
        </span>
      )}
      {busy && <span className="spinner" role="status" aria-label="Inspecting" />}
      {catalogError && (
        <span className="error small" title={catalogError}>
          catalogue unavailable
        </span>
      )}
      {custom && (
        <CustomTargetForm
          initial={customStart}
          apis={catalog?.apis ?? []}
          onCancel={() => setCustom(false)}
          onSubmit={(target) => {
            setCustom(false);
            choose(target);
          }}
        />
      )}
    </div>
  );
}

/** A provider, API and model typed by hand (one the catalogue does not list). */
function CustomTargetForm({
  initial,
  apis,
  onCancel,
  onSubmit,
}: {
  initial: Target;
  apis: readonly string[];
  onCancel: () => void;
  onSubmit: (target: Target) => void;
}) {
  const [draft, setDraft] = useState<Target>(initial);
  return (
    <form
      className="popover custom-target"
      data-testid="custom-target"
      onSubmit={(e) => {
        e.preventDefault();
        if (!draft.provider.trim() || !draft.api.trim() || !draft.modelId.trim()) return;
        onSubmit({ provider: draft.provider.trim(), api: draft.api.trim(), modelId: draft.modelId.trim(), reasoning: draft.reasoning });
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
        reasoning model
      </label>
      <div className="buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Inspect
        </button>
      </div>
    </form>
  );
}
