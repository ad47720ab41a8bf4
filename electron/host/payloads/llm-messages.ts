/**
 * pi's custom message roles as the LLM sees them (pi-coding-agent's convertToLlm, docs/rules.md#summary-conversion):
 * summaries, custom messages and bash executions become user turns before pi-ai converts them.
 */
import type { Message } from '../../../shared/types.js';

const COMPACTION_PREFIX = 'The conversation history before this point was compacted into the following summary:\n\n<summary>\n';
const COMPACTION_SUFFIX = '\n</summary>';
const BRANCH_PREFIX = 'The following is a summary of a branch that this conversation came back from:\n\n<summary>\n';
const BRANCH_SUFFIX = '</summary>';

function userText(text: string, timestamp: unknown): Message {
  return { role: 'user', content: [{ type: 'text', text }], timestamp };
}

function bashText(message: Message): string {
  const out = typeof message.output === 'string' ? message.output : '';
  let text = `Ran \`${String(message.command ?? '')}\`\n\`\`\`\n${out}\n\`\`\``;
  if (message.cancelled === true) text += '\n\n(command cancelled)';
  else if (typeof message.exitCode === 'number' && message.exitCode !== 0) text += `\n\nCommand exited with code ${message.exitCode}`;
  if (message.truncated === true && typeof message.fullOutputPath === 'string')
    text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
  return text;
}

/** The LLM messages of a transcript, and for each the index of the message it came from. */
export interface LlmMessages {
  messages: Message[];
  sources: number[];
}

/** The roles `toLlmMessages` converts (or drops); every other message passes as it is. */
const CONVERTED_ROLES = new Set(['compactionSummary', 'branchSummary', 'custom', 'hookMessage', 'bashExecution']);

const isConverted = (message: Message): boolean => CONVERTED_ROLES.has(message.role);
const ownIndex = (_: Message, index: number): number => index;

/**
 * Convert custom roles to user turns; `user`, `assistant`, `toolResult` and unknown roles pass
 * through untouched (pi-ai's converters skip roles they do not know). Never mutates its input.
 */
export function toLlmMessages(messages: readonly Message[]): LlmMessages {
  // Most transcripts have no custom role: each list is then made at its size in one allocation. Grown
  // by push instead, a list of tens of thousands is copied into the old generation at each growth,
  // and the copies stay there until a full collection, raising an inspection's peak memory.
  if (!messages.some(isConverted)) return { messages: messages.slice(), sources: messages.map(ownIndex) };
  const out: Message[] = [];
  const sources: number[] = [];
  // A loop, not `forEach`: both sides are converted, and a callback made per call would have V8
  // drop the code it optimised for the first side's.
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    let converted: Message | null = message;
    switch (message.role) {
      case 'compactionSummary':
        converted = userText(`${COMPACTION_PREFIX}${String(message.summary ?? '')}${COMPACTION_SUFFIX}`, message.timestamp);
        break;
      case 'branchSummary':
        converted = userText(`${BRANCH_PREFIX}${String(message.summary ?? '')}${BRANCH_SUFFIX}`, message.timestamp);
        break;
      case 'custom':
      case 'hookMessage':
        converted = {
          role: 'user',
          content: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content,
          timestamp: message.timestamp,
        };
        break;
      case 'bashExecution':
        converted = message.excludeFromContext === true ? null : userText(bashText(message), message.timestamp);
        break;
      default:
        break;
    }
    if (converted) {
      out.push(converted);
      sources.push(index);
    }
  }
  return { messages: out, sources };
}
