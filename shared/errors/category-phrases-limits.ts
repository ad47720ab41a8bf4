/**
 * Phrase families of a request's token limits that are easy to confuse: the output cap (max_tokens
 * above what the model may write at once) is a request setting, while the context window holds the
 * input and the output together. A negative max_tokens is a budget a client computed as the window
 * minus the prompt: the prompt alone already fills the window, so it reads as context-length.
 * English, on the normalised text, case-insensitive.
 */
import { family, type CategoryPattern } from './category-pattern.js';

const MAX_TOKENS = 'max(?:imum)?[ _]?(?:new|output|completion|generation)?[ _]?tokens?';

/** Phrase families of the output cap and of a budget the prompt has used up. */
export const PHRASES_LIMITS: readonly CategoryPattern[] = [
  // Above "a parameter is out of range" (0.88), which also says max_tokens "must be" something.
  family(
    'context-length',
    0.92,
    'the output budget left by the prompt is negative',
    `\\b${MAX_TOKENS}\\b.{0,60}?(?:^|[\\s:=(\\[,])-\\d+|(?:^|[\\s:=(\\[,])-\\d+{Q}? is less than the minimum of \\d+ - {Q}${MAX_TOKENS}`,
  ),
  // Not when the limit it exceeds is the context window, the input or the prompt: that is context-length.
  family(
    'request',
    0.9,
    'the output cap is above what the model may write',
    `\\b${MAX_TOKENS}\\b[^.;]{0,40}?\\b(?:exceeds?|exceeded|is (?:above|over|greater than|larger than|more than|higher than)|(?:is|are) too (?:large|high|big))\\b(?![^.;]{0,40}\\b(?:context|input|prompt)\\b)|(?:above|over|exceeds?|greater than|more than) (?:the )?(?:model'?s? )?(?:max(?:imum)? )?(?:output|completion|generation) (?:token )?(?:limit|maximum|cap)\\b|supports? (?:at most|up to|a maximum of) [\\d,]+ (?:output|completion|generated|new) tokens`,
  ),
];
