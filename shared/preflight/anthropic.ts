/** Anthropic Messages constraints on a payload's `messages`: what the API refuses, checked before sending. */
import { readImageDimensions } from '../images/probe.js';
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';

const TOOL_ID = /^[a-zA-Z0-9_-]+$/;
const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
const MAX_IMAGE_SIDE = 8000;

type Obj = Record<string, unknown>;

function blocksOf(message: Obj): unknown[] {
  return Array.isArray(message.content) ? message.content : [];
}

function toolUseIds(message: unknown): Set<string> {
  const ids = new Set<string>();
  if (!isRecord(message) || message.role !== 'assistant') return ids;
  for (const b of blocksOf(message)) if (isRecord(b) && b.type === 'tool_use' && typeof b.id === 'string') ids.add(b.id);
  return ids;
}

function imageChecks(block: Obj, i: number, j: number, path: string, out: PreflightFinding[]): void {
  const source = block.source;
  if (!isRecord(source) || source.type !== 'base64' || typeof source.data !== 'string') return;
  const data = source.data;
  if (data.length > MAX_IMAGE_BASE64) {
    out.push(
      finding(
        'anthropic-image-size',
        { index: i, path, block: j, ids: String(data.length) },
        `The image is ${data.length} characters of base64, over Anthropic's 5 MB limit (OpenClaw measures decoded bytes, so an image between 3.75 and 5 MB decoded still passes hygiene).`,
      ),
    );
  }
  const dims = readImageDimensions(data);
  if (dims && (dims.width > MAX_IMAGE_SIDE || dims.height > MAX_IMAGE_SIDE)) {
    out.push(
      finding(
        'anthropic-image-dimensions',
        { index: i, path, block: j },
        `The image is ${dims.width}×${dims.height}: a side exceeds Anthropic's 8000 px limit.`,
      ),
    );
  }
}

/** Run the Anthropic checks (the trailing-prefill check runs for every Claude route, in run-preflight). */
export function anthropicChecks(list: readonly JsonValue[]): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  list.forEach((message, i) => {
    if (!isRecord(message)) return;
    const here = `messages[${i}]`;
    const last = i === list.length - 1;
    const previous = i > 0 ? list[i - 1] : undefined;
    if (message.role === 'assistant' && isRecord(previous) && previous.role === 'assistant') {
      out.push(
        finding(
          'anthropic-alternation',
          { index: i, path: here },
          `messages[${i - 1}] and messages[${i}] are both assistant turns; the API folds them into one, which puts blocks out of the order tools and thinking need.`,
        ),
      );
    }
    const finalAssistant = last && message.role === 'assistant';
    if (typeof message.content === 'string') {
      if (message.content.trim() === '' && !finalAssistant)
        out.push(
          finding(
            'anthropic-empty-content',
            { index: i, path: `${here}.content` },
            `messages[${i}] (${String(message.role)}) has empty content.`,
          ),
        );
    } else if (Array.isArray(message.content) && message.content.length === 0 && !finalAssistant) {
      out.push(
        finding(
          'anthropic-empty-content',
          { index: i, path: `${here}.content` },
          `messages[${i}] (${String(message.role)}) has no content blocks.`,
        ),
      );
    }
    blocksOf(message).forEach((block, j) => {
      if (!isRecord(block)) return;
      const path = `${here}.content[${j}]`;
      switch (block.type) {
        case 'text':
          if (typeof block.text !== 'string' || block.text.trim() === '')
            out.push(finding('anthropic-blank-text', { index: i, path, block: j }, `${path} is a blank text block.`));
          break;
        case 'thinking':
          if (typeof block.signature !== 'string' || block.signature.trim() === '')
            out.push(
              finding(
                'anthropic-thinking-signature',
                { index: i, path, block: j },
                `${path} is a thinking block without a signature; Anthropic verifies every replayed thinking block.`,
              ),
            );
          break;
        case 'redacted_thinking':
          if (typeof block.data !== 'string' || block.data.trim() === '')
            out.push(
              finding(
                'anthropic-thinking-signature',
                { index: i, path, block: j },
                `${path} is a redacted_thinking block without its encrypted data.`,
              ),
            );
          break;
        case 'tool_use':
          if (typeof block.id !== 'string' || !TOOL_ID.test(block.id))
            out.push(
              finding(
                'anthropic-tool-id-format',
                { index: i, path: `${path}.id`, block: j, ids: String(block.id) },
                `Tool-use id ${JSON.stringify(block.id)} has characters Anthropic does not accept.`,
              ),
            );
          break;
        case 'tool_result':
          if (typeof block.tool_use_id !== 'string' || !TOOL_ID.test(block.tool_use_id))
            out.push(
              finding(
                'anthropic-tool-id-format',
                { index: i, path: `${path}.tool_use_id`, block: j, ids: String(block.tool_use_id) },
                `Tool-result id ${JSON.stringify(block.tool_use_id)} has characters Anthropic does not accept.`,
              ),
            );
          if (Array.isArray(block.content))
            block.content.forEach(
              (inner, k) => isRecord(inner) && inner.type === 'image' && imageChecks(inner, i, j, `${path}.content[${k}]`, out),
            );
          break;
        case 'image':
          imageChecks(block, i, j, path, out);
          break;
        default:
          break;
      }
    });
    // Pairing: the tool_use blocks of an assistant turn are answered in the next message.
    const uses = toolUseIds(message);
    if (uses.size > 0) {
      const next = list[i + 1];
      const answered = new Set<string>();
      if (isRecord(next) && next.role === 'user')
        for (const b of blocksOf(next))
          if (isRecord(b) && b.type === 'tool_result' && typeof b.tool_use_id === 'string') answered.add(b.tool_use_id);
      const missing = [...uses].filter((id) => !answered.has(id));
      if (missing.length > 0 && next !== undefined) {
        const j = blocksOf(message).findIndex((b) => isRecord(b) && b.type === 'tool_use' && b.id === missing[0]);
        out.push(
          finding(
            'anthropic-tool-use-without-result',
            { index: i, path: `${here}.content[${j}]`, ids: missing.join(', ') },
            `messages[${i}] calls ${missing.join(', ')} but messages[${i + 1}] does not answer ${missing.length === 1 ? 'it' : 'them'}.`,
          ),
        );
      }
    }
    if (message.role === 'user') {
      const previousUses = toolUseIds(previous);
      blocksOf(message).forEach((b, j) => {
        if (!isRecord(b) || b.type !== 'tool_result') return;
        const id = typeof b.tool_use_id === 'string' ? b.tool_use_id : '';
        if (!previousUses.has(id))
          out.push(
            finding(
              'anthropic-tool-result-without-use',
              { index: i, path: `${here}.content[${j}]`, block: j, ids: id },
              `${here}.content[${j}] answers ${id || '(no id)'}, which the message before it does not call.`,
            ),
          );
      });
    }
  });
  return out;
}
