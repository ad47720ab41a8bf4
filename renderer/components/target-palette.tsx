/**
 * The target palette (Ctrl/Cmd+K): one search over providers and models, the session's own model and
 * recent targets first, each provider's flagship when nothing is typed; a provider and a model list
 * to browse; arrows and Enter to choose, Escape to close.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CatalogModel } from '../../shared/api.js';
import { useApp, useAppStore } from '../store/context.js';
import { catalogModel } from '../store/target-slice.js';
import { flagshipsOf, searchTargets, type OptionTag, type TargetOption } from '../targets/target-search.js';

export const CUSTOM = '__custom__';

const TAG_WORDS: Record<OptionTag, string> = {
  session: 'session’s model',
  recent: 'recent',
  current: 'current',
  flagship: 'flagship',
};

/** `200k`, `1M` tokens of context. */
function contextWords(tokens: number | undefined): string | null {
  if (!tokens) return null;
  return tokens >= 1_000_000 ? `${Math.round(tokens / 100_000) / 10}M ctx` : `${Math.round(tokens / 1000)}k ctx`;
}

/** What a model is, in a few words: reasoning, images, context, price. */
export function modelFacts(model: CatalogModel): string {
  const facts = [model.reasoning ? 'reasoning' : null, model.images ? 'images' : null, contextWords(model.contextWindow)];
  if (model.cost && (model.cost.input || model.cost.output)) facts.push(`$${model.cost.input}/$${model.cost.output} per M`);
  return facts.filter(Boolean).join(' · ');
}

function OptionRow(props: { option: TargetOption; active: boolean; onChoose(): void; onHover(): void; id: string }) {
  const { option, active } = props;
  const model = option.model;
  return (
    <li
      id={props.id}
      role="option"
      aria-selected={active}
      className={`target-option${active ? ' active' : ''}`}
      data-testid="target-option"
      data-kind={option.kind}
      data-provider={option.provider}
      data-model={option.kind === 'model' ? (model?.id ?? '') : ''}
      onMouseDown={(e) => e.preventDefault()}
      onClick={props.onChoose}
      onMouseMove={props.onHover}
    >
      {option.kind === 'provider' ? (
        <>
          <span className="option-main">
            <strong>{option.provider}</strong> <span className="muted">— choose this provider</span>
          </span>
          <span className="option-facts muted small">
            keeps the model if it serves it, else {model ? `its flagship ${model.id}` : 'asks for a custom model'}
          </span>
        </>
      ) : (
        <>
          <span className="option-main">
            <span className="muted">{option.provider} /</span> <strong>{model?.id}</strong>
            {model && model.name !== model.id && <span className="muted small"> {model.name}</span>}
            {option.tags.map((t) => (
              <span key={t} className={`tag tag-${t}`}>
                {TAG_WORDS[t]}
              </span>
            ))}
          </span>
          {model && <span className="option-facts muted small">{modelFacts(model)}</span>}
        </>
      )}
    </li>
  );
}

/** The palette; `onCustom` opens the custom target form. */
export function TargetPalette({ onClose, onCustom }: { onClose(): void; onCustom(): void }) {
  const store = useAppStore();
  const catalog = useApp((s) => s.target.catalog);
  const current = useApp((s) => s.target.current);
  const recent = useApp((s) => s.target.recent);
  const notice = useApp((s) => s.target.notice);
  const session = useApp((s) => s.session.info?.defaultTarget ?? null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const flagships = useMemo(() => flagshipsOf(catalog), [catalog]);
  const { sections, more } = useMemo(
    () => (catalog ? searchTargets(catalog, query, { session, recent, current }, flagships) : { sections: [], more: 0 }),
    [catalog, query, session, recent, current, flagships],
  );
  const flat = useMemo(() => sections.flatMap((s) => s.options), [sections]);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    document.getElementById(`target-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (option: TargetOption | undefined): void => {
    if (!option) return;
    onClose();
    if (option.kind === 'provider') void store.getState().chooseProvider(option.provider);
    else if (option.model)
      void store.getState().chooseTarget({
        provider: option.provider,
        api: option.model.api,
        modelId: option.model.id,
        reasoning: option.model.reasoning,
      });
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (flat.length) setActive((active + (e.key === 'ArrowDown' ? 1 : -1) + flat.length) % flat.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(flat[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };

  const providers = catalog?.providers.map((p) => p.id) ?? [];
  if (current && !providers.includes(current.provider)) providers.unshift(current.provider);
  const models = catalog?.providers.find((p) => p.id === current?.provider)?.models ?? [];
  const known = current ? catalogModel(catalog, current.provider, current.modelId) : undefined;
  let index = 0;
  return (
    <div className="popover target-palette" role="dialog" aria-label="Choose the target provider and model" data-testid="target-palette">
      <input
        ref={input}
        className="target-search"
        data-testid="target-search"
        role="combobox"
        aria-expanded="true"
        aria-controls="target-options"
        aria-activedescendant={flat.length ? `target-option-${active}` : undefined}
        placeholder="Search providers and models: sonnet, gemini 3, openrouter claude…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        spellCheck={false}
      />
      {notice && <p className="target-notice small">{notice}</p>}
      <ul id="target-options" role="listbox" className="target-options" aria-label="Targets">
        {sections.map((section) => (
          <li key={section.title} role="presentation">
            <div className="target-section-title">{section.title}</div>
            <ul role="presentation">
              {section.options.map((option) => {
                const i = index++;
                return (
                  <OptionRow
                    key={`${option.kind}:${option.provider}:${option.model?.id ?? ''}`}
                    id={`target-option-${i}`}
                    option={option}
                    active={i === active}
                    onChoose={() => choose(option)}
                    onHover={() => setActive(i)}
                  />
                );
              })}
            </ul>
          </li>
        ))}
        {flat.length === 0 && <li className="muted small target-empty">No provider or model matches “{query}”.</li>}
        {more > 0 && <li className="muted small target-empty">{more} more match: refine the search.</li>}
      </ul>
      <div className="target-browse">
        <label>
          Provider
          <select
            aria-label="Provider"
            data-testid="target-provider"
            value={current?.provider ?? ''}
            onChange={(e) => {
              if (e.target.value === CUSTOM) onCustom();
              else void store.getState().chooseProvider(e.target.value);
            }}
            disabled={!catalog && !current}
          >
            {!current && <option value="">provider…</option>}
            {providers.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
            <option value={CUSTOM}>Custom…</option>
          </select>
        </label>
        <label>
          Model
          <select
            aria-label="Model"
            data-testid="target-model"
            value={current?.modelId ?? ''}
            disabled={!current}
            onChange={(e) => {
              const model = current ? catalogModel(catalog, current.provider, e.target.value) : undefined;
              if (current && model)
                void store
                  .getState()
                  .chooseTarget({ provider: current.provider, api: model.api, modelId: model.id, reasoning: model.reasoning });
            }}
          >
            {current && !known && <option value={current.modelId}>{current.modelId} (custom)</option>}
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name && m.name !== m.id ? `${m.id} — ${m.name}` : m.id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="link small" data-testid="target-custom" onClick={onCustom}>
          Custom target…
        </button>
      </div>
      <div className="target-keys muted small">↑ ↓ to move · Enter to choose · Esc to close</div>
    </div>
  );
}
