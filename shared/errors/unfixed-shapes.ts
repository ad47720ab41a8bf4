/**
 * Conversation shapes a provider refuses that no hygiene rule fixes: a request answer that says what
 * the words mean and what to do, instead of the generic "malformed outside the conversation".
 */
import { execIfMayMatch } from './literal-gate.js';

/** One refused shape, in the project's own words. */
export interface UnfixedShape {
  pattern: RegExp;
  /** Above a status or a generic `invalid_request_error`, below every transcript wording. */
  confidence: number;
  says: string;
  explanation: string;
  action: string;
}

export const UNFIXED_SHAPES: readonly UnfixedShape[] = [
  {
    pattern: /conversation blocks and tool (?:result|use) blocks cannot be provided in the same turn/i,
    confidence: 0.8,
    says: 'a turn mixes tool blocks with text or other content',
    explanation:
      "Bedrock Converse refuses, for this model, a message that holds tool results (or tool calls) next to text, images or documents: the model wants them in turns of their own (Claude models on Bedrock accept them together). The replay can produce this shape on Bedrock: its payload merges a turn's tool results with user text that follows them, so that user and assistant turns alternate. No hygiene rule splits them again.",
    action:
      'Hygiene cannot fix this. Use a model that accepts tool results and text in one turn (Claude on Bedrock), or send the tool results in a turn of their own and let the model answer them before the next user message.',
  },
  {
    pattern:
      /role {0,2}["']?system["']? must precede an? ["']?assistant["']? message|system message must be at the beginning|system message(?:s)? (?:must|should) (?:come|be) first/i,
    confidence: 0.8,
    says: 'a system message is somewhere the provider does not accept one',
    explanation:
      'The message list holds a system message where the provider does not take one: in the middle of the conversation or at its end (Anthropic accepts one only right before an assistant message or as the last message; many chat templates only as the first). Hygiene does not move system messages: whatever built the request put it there.',
    action:
      'Hygiene cannot fix this. Send the instructions as the system prompt (or the first message), or fold a mid-conversation system message into the user turn next to it.',
  },
  {
    pattern: /previous response with id ["']?[\w-]*["']? not found|previous_response_not_found/i,
    confidence: 0.8,
    says: 'the stored response the request continues is not on the server',
    explanation:
      'The request continues a stored OpenAI Responses response (previous_response_id) the server does not have: it was made with store set to false, expired or was deleted, or belongs to another project or account. It is a request parameter, not the replayed conversation.',
    action: 'Hygiene cannot fix this. Send the whole conversation without previous_response_id, or store the responses you chain from.',
  },
];

/** The refused shape the text names, if any. */
export function unfixedShape(text: string): { shape: UnfixedShape; match: string } | null {
  const lowered = text.toLowerCase();
  for (const shape of UNFIXED_SHAPES) {
    const m = execIfMayMatch(shape.pattern, text, lowered);
    if (m) return { shape, match: m[0] };
  }
  return null;
}
