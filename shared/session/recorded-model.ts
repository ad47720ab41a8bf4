/** The provider and model a session last used, as its entries record them (for `buildContext`). */
import { isAssistant, isRecord } from '../messages.js';
import type { Message } from '../types.js';
import type { RecordedModel } from './context.js';
import type { LocatedEntry, SessionEntry } from './types.js';

/** A string field's value, or '' for anything else. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A model snapshot: the custom entry OpenClaw records with the model a run used. */
export function isModelSnapshot(entry: SessionEntry): boolean {
  return entry.type === 'custom' && entry.customType === 'model-snapshot' && !!entry.data && typeof entry.data === 'object';
}

/** The last entry of the branch that records a model, looked for from the end: the messages before it are not read again. */
export function lastModelEntryOf(branch: readonly LocatedEntry[]): SessionEntry | null {
  for (let i = branch.length - 1; i >= 0; i -= 1) {
    const { entry } = branch[i];
    if (
      entry.type === 'model_change' ||
      (entry.type === 'message' && isRecord(entry.message) && isAssistant(entry.message as Message)) ||
      isModelSnapshot(entry)
    )
      return entry;
  }
  return null;
}

/** The model an entry records: a model change, an assistant turn or a model snapshot. */
export function recordedModel(entry: SessionEntry): RecordedModel {
  if (entry.type === 'model_change') return { provider: str(entry.provider), modelId: str(entry.modelId), source: 'model_change' };
  if (entry.type === 'message') {
    const m = entry.message as Message;
    return { provider: str(m.provider), modelId: str(m.model), api: str(m.api) || undefined, source: 'assistant' };
  }
  const d = entry.data as Record<string, unknown>;
  return { provider: str(d.provider), modelId: str(d.modelId), api: str(d.modelApi) || undefined, source: 'model-snapshot' };
}

/** The model of the last assistant turn that names one (a JSON message list has no other record). */
export function lastAssistantModel(messages: Message[]): RecordedModel | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m.role === 'assistant' && typeof m.provider === 'string' && typeof m.model === 'string') {
      return { provider: m.provider, modelId: m.model, api: typeof m.api === 'string' ? m.api : undefined, source: 'assistant' };
    }
  }
  return null;
}
