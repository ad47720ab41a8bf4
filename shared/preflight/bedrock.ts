/** Bedrock Converse constraints on a payload's `messages`: what the API refuses, checked before sending. */
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';
import { isBlank } from '../text/blank.js';

function blocksOf(message: unknown): unknown[] {
  return isRecord(message) && Array.isArray(message.content) ? message.content : [];
}

function toolUseIds(message: unknown): string[] {
  if (!isRecord(message) || message.role !== 'assistant') return [];
  const ids: string[] = [];
  for (const b of blocksOf(message))
    if (isRecord(b) && isRecord(b.toolUse) && typeof b.toolUse.toolUseId === 'string') ids.push(b.toolUse.toolUseId);
  return ids;
}

function toolResultIds(message: unknown): { id: string; block: number }[] {
  if (!isRecord(message) || message.role !== 'user') return [];
  const out: { id: string; block: number }[] = [];
  blocksOf(message).forEach((b, block) => {
    if (isRecord(b) && isRecord(b.toolResult))
      out.push({ id: typeof b.toolResult.toolUseId === 'string' ? b.toolResult.toolUseId : '', block });
  });
  return out;
}

/** Run the Bedrock Converse checks. */
export function bedrockChecks(list: readonly JsonValue[]): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  const first = list[0];
  if (isRecord(first) && first.role !== 'user') {
    out.push(
      finding('bedrock-first-user', { index: 0, path: 'messages[0]' }, `The conversation starts with a ${String(first.role)} message.`),
    );
  }
  list.forEach((message, i) => {
    if (!isRecord(message)) return;
    const here = `messages[${i}]`;
    const previous = list[i - 1];
    if (isRecord(previous) && previous.role === message.role) {
      out.push(
        finding(
          'bedrock-alternation',
          { index: i, path: here },
          `messages[${i - 1}] and messages[${i}] are both ${String(message.role)} messages.`,
        ),
      );
    }
    const blocks = blocksOf(message);
    if (blocks.length === 0)
      out.push(
        finding(
          'bedrock-empty-content',
          { index: i, path: `${here}.content` },
          `messages[${i}] (${String(message.role)}) has an empty content array.`,
        ),
      );
    blocks.forEach((b, j) => {
      if (isRecord(b) && 'text' in b && (typeof b.text !== 'string' || isBlank(b.text))) {
        out.push(
          finding(
            'bedrock-blank-text',
            { index: i, path: `${here}.content[${j}].text`, block: j },
            `${here}.content[${j}] is a blank text block.`,
          ),
        );
      }
    });
    const uses = toolUseIds(message);
    if (uses.length > 0 && i + 1 < list.length) {
      const answered = new Set(toolResultIds(list[i + 1]).map((r) => r.id));
      const missing = uses.filter((id) => !answered.has(id));
      // Bedrock names the message that should hold the results.
      if (missing.length > 0)
        out.push(
          finding(
            'bedrock-tool-use-without-result',
            { index: i + 1, path: `messages[${i + 1}].content`, ids: missing.join(', ') },
            `messages[${i}] calls ${missing.join(', ')} but messages[${i + 1}] has no toolResult for ${missing.length === 1 ? 'it' : 'them'}.`,
          ),
        );
    }
    const results = toolResultIds(message);
    if (results.length > 0) {
      const called = new Set(toolUseIds(previous));
      for (const r of results) {
        if (!called.has(r.id))
          out.push(
            finding(
              'bedrock-tool-result-without-use',
              { index: i, path: `${here}.content[${r.block}]`, block: r.block, ids: r.id },
              `${here}.content[${r.block}] answers ${r.id || '(no id)'}, which the previous message does not call.`,
            ),
          );
      }
    }
  });
  return out;
}
