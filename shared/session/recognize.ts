/** Which session entries OpenClaw's loader recognises: the others take no part in the tree and are never replayed. */
import { isRecord } from '../messages.js';
import type { SessionEntry } from './types.js';

export const isStr = (v: unknown): v is string => typeof v === 'string';
export const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
/** Why OpenClaw resets a session (its reset boundary entry says which). */
const RESET_REASONS = new Set(['new', 'reset', 'idle', 'daily', 'cron-stale']);
const RESET_REASON_LIST = [...RESET_REASONS].join(', ');

const isTypedBlock = (b: unknown): boolean => isRecord(b) && isStr(b.type);

/**
 * String content, or an array of blocks that each have a string `type`. The block test is made once,
 * not a closure per call: this runs on every entry of a session.
 */
const readableContent = (c: unknown) => isStr(c) || (Array.isArray(c) && c.every(isTypedBlock));

/**
 * Why OpenClaw's loader would not recognise an entry (its session-entry schema), or null when it does.
 * Unrecognised entries take no part in the conversation tree and are never replayed.
 */
export function unrecognizedReason(entry: SessionEntry): string | null {
  if (!nonEmpty(entry.id)) return 'it has no "id"';
  if (entry.parentId !== undefined && entry.parentId !== null && !isStr(entry.parentId)) return '"parentId" is not a string';
  if (entry.timestamp !== undefined && !isStr(entry.timestamp)) return 'its "timestamp" is not an ISO string';
  switch (entry.type) {
    case 'message': {
      const m = entry.message;
      if (!isRecord(m) || !isStr(m.role)) return 'the message has no role';
      // Loading wraps string (and, for tool results, object) content in a block list first.
      const content =
        (m.role === 'assistant' || m.role === 'toolResult') && isStr(m.content)
          ? [{ type: 'text' }]
          : m.role === 'toolResult' && isRecord(m.content)
            ? [m.content]
            : m.content;
      switch (m.role) {
        case 'user':
        case 'assistant':
          return readableContent(content)
            ? null
            : `the ${m.role} content is ${content === null || content === undefined ? 'missing' : 'not text or a list of typed blocks'}`;
        case 'toolResult':
          if (!isStr(m.toolCallId)) return 'the tool result has no "toolCallId"';
          if (!isStr(m.toolName)) return 'the tool result has no "toolName"';
          if (typeof m.isError !== 'boolean') return 'the tool result has no boolean "isError"';
          return Array.isArray(content) ? null : 'the tool result content is not a list';
        case 'custom':
        case 'hookMessage':
          return (m.role === 'hookMessage' || isStr(m.customType)) && readableContent(content)
            ? null
            : 'the custom message has no customType or readable content';
        case 'bashExecution':
          return isStr(m.command) && isStr(m.output) ? null : 'the shell execution has no command/output';
        default:
          return `role ${JSON.stringify(m.role)} is not a message role OpenClaw loads`;
      }
    }
    case 'thinking_level_change':
      return nonEmpty(entry.thinkingLevel) ? null : 'it has no "thinkingLevel"';
    case 'model_change':
      return nonEmpty(entry.provider) && nonEmpty(entry.modelId) ? null : 'it has no "provider"/"modelId"';
    case 'compaction':
      if (!isStr(entry.summary)) return 'the compaction has no "summary"';
      if (!nonEmpty(entry.firstKeptEntryId)) return 'the compaction has no "firstKeptEntryId"';
      return typeof entry.tokensBefore === 'number' ? null : 'the compaction has no numeric "tokensBefore"';
    case 'reset':
      if (!RESET_REASONS.has(entry.reason as string)) return `the reset has no known "reason" (${RESET_REASON_LIST})`;
      return entry.firstKeptEntryId === undefined || isStr(entry.firstKeptEntryId) ? null : '"firstKeptEntryId" is not a string';
    case 'branch_summary':
      return isStr(entry.fromId) && isStr(entry.summary) ? null : 'the branch summary has no "fromId"/"summary"';
    case 'custom':
      return nonEmpty(entry.customType) ? null : 'it has no "customType"';
    case 'custom_message':
      if (!nonEmpty(entry.customType)) return 'it has no "customType"';
      if (!readableContent(entry.content)) return 'its content is not text or a list of typed blocks';
      return typeof entry.display === 'boolean' ? null : 'it has no boolean "display"';
    case 'label':
      return nonEmpty(entry.targetId) && (entry.label === undefined || isStr(entry.label)) ? null : 'it has no "targetId"';
    case 'session_info':
      return entry.name === undefined || isStr(entry.name) ? null : '"name" is not a string';
    default:
      return `entry type ${JSON.stringify(entry.type)} is unknown`;
  }
}
