/** Shape checks of session entries and messages: wrong types are reported and kept, unreplayable ones skipped. */
import { toolResultCallId } from '../messages.js';
import type { Message } from '../types.js';
import { preview, typeName, type DiagnosticSink } from './diagnostics.js';
import type { SessionEntry } from './types.js';

export const ENTRY_TYPES = new Set([
  'message',
  'model_change',
  'thinking_level_change',
  'compaction',
  'reset',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info',
]);

export const KNOWN_ROLES = new Set([
  'user',
  'assistant',
  'toolResult',
  'compactionSummary',
  'branchSummary',
  'custom',
  'bashExecution',
  'hookMessage',
]);

/** The role checks of a message that is not a user, assistant or tool result message: false when it has no role. */
function checkOtherRole(sink: DiagnosticSink, line: number, role: unknown, where: string): boolean {
  if (typeof role !== 'string' || role.trim() === '') {
    const what = role === undefined ? 'has no "role"' : `has ${typeName(role)} ${typeof role === 'string' ? 'blank ' : ''}"role"`;
    sink.add(line, 0, 'error', 'message-no-role', `${where} ${what} — it is skipped (file repair drops it)`);
    return false;
  }
  if (!KNOWN_ROLES.has(role)) {
    sink.add(
      line,
      0,
      'warning',
      'unknown-role',
      `${where} has the unknown role ${preview(role)} — it is kept in the transcript but never sent to the provider`,
    );
  }
  return true;
}

/** Check one message's structure; returns false when it cannot be replayed at all. */
export function checkMessageShape(sink: DiagnosticSink, line: number, message: unknown, where: string): message is Message {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    sink.add(line, 0, 'error', 'message-not-object', `${where} is ${typeName(message)}, not a message object — it is skipped`);
    return false;
  }
  const m = message as Record<string, unknown>;
  const role = m.role;
  // The roles of nearly every message, compared first: the role checks cannot fail for them.
  if (role !== 'user' && role !== 'assistant' && role !== 'toolResult') return checkOtherRole(sink, line, role, where);
  const c = m.content;
  const okContent =
    typeof c === 'string' || Array.isArray(c) || ((c === null || c === undefined || typeof c === 'object') && role === 'assistant');
  if (!okContent) {
    sink.add(
      line,
      0,
      'warning',
      'content-type',
      `${where} (${role}) has ${typeName(c)} "content" where text or an array of blocks was expected`,
    );
  } else if (Array.isArray(c)) {
    // An index loop, not forEach: a closure for every message was 4.7 MB of garbage on a 20 MiB session of short turns.
    for (let k = 0; k < c.length; k += 1) {
      const block: unknown = c[k];
      if (block === null || typeof block !== 'object' || Array.isArray(block)) {
        sink.add(line, 0, 'warning', 'block-not-object', `${where} (${role}) content[${k}] is ${typeName(block)}, not a content block`);
      } else if (typeof (block as Record<string, unknown>).type !== 'string') {
        sink.add(line, 0, 'warning', 'block-no-type', `${where} (${role}) content[${k}] has no "type"`);
      }
    }
  }
  if (role === 'toolResult') {
    if (toolResultCallId(m) === undefined)
      sink.add(line, 0, 'warning', 'tool-result-no-id', `${where} (toolResult) has no "toolCallId" — it cannot be paired with its call`);
  }
  if (role === 'assistant' && m.stopReason !== undefined && typeof m.stopReason !== 'string') {
    sink.add(
      line,
      0,
      'warning',
      'field-type',
      `${where} (assistant) has ${typeName(m.stopReason)} "stopReason" where a string was expected`,
    );
  }
  return true;
}

function expectStringField(sink: DiagnosticSink, line: number, entry: SessionEntry, field: string, optional: boolean): void {
  const v = entry[field];
  if (v === undefined && optional) return;
  if (typeof v !== 'string')
    sink.add(
      line,
      0,
      'warning',
      'field-type',
      `the ${entry.type} entry has ${v === undefined ? 'no' : typeName(v)} "${field}"${v === undefined ? '' : ' where a string was expected'}`,
    );
}

/** Per-type field checks of a tree entry (wrong field types are reported, the entry is kept). */
export function checkEntryFields(sink: DiagnosticSink, line: number, entry: SessionEntry): boolean {
  // Messages (nearly every entry) first: the field helper below is made only for the other types.
  if (entry.type === 'message') return checkMessageShape(sink, line, entry.message, 'the message');
  const expectString = (field: string, optional = false) => expectStringField(sink, line, entry, field, optional);
  switch (entry.type) {
    case 'model_change':
      expectString('provider');
      expectString('modelId');
      return true;
    case 'thinking_level_change':
      expectString('thinkingLevel');
      return true;
    case 'compaction':
      expectString('summary');
      if (entry.firstKeptEntryId !== undefined) expectString('firstKeptEntryId');
      return true;
    case 'branch_summary':
      expectString('summary');
      return true;
    case 'custom':
      expectString('customType');
      return true;
    case 'custom_message':
      expectString('customType');
      if (typeof entry.content !== 'string' && !Array.isArray(entry.content))
        sink.add(
          line,
          0,
          'warning',
          'field-type',
          `the custom_message entry has ${typeName(entry.content)} "content" where text or an array of blocks was expected`,
        );
      return true;
    case 'label':
      expectString('targetId');
      return true;
    default:
      return true;
  }
}
