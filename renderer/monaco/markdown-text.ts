/**
 * Text from a session inside a Monaco hover (which renders Markdown): a tool name such as
 * `[evil](https://evil.example)` must show as those characters, not as a link that opens a tab.
 */
import { visibleControls } from '../../shared/text/visible-controls.js';

/**
 * `text` as Markdown that renders to exactly `text` on one line: every ASCII punctuation character is
 * backslash-escaped (CommonMark allows it for all of them), so no link, image, emphasis, code span,
 * HTML tag, entity or autolink (`https\://…` and `www\.…` no longer match) can form; line breaks and
 * other control characters show as escapes.
 */
export function markdownText(text: string): string {
  return visibleControls(text).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}
