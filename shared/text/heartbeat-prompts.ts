/**
 * The wake prompts OpenClaw sends an agent (heartbeat poll, cron and exec wakes, the task list), and the
 * characters they open with: the heartbeat filter recognises them, and a turn's traits say which user
 * turns may be one.
 */
import { DELIVERY_HINTS } from './internal-metadata.js';

export const WAKE_PROMPTS = [
  '[OpenClaw heartbeat poll]',
  '[OpenClaw exec completion]\nDisable automatic completion turns with tools.exec.notifyOnExit=false; check per-agent overrides. Background exec and process poll remain available.',
  '[OpenClaw exec completion]',
  '[OpenClaw cron wake]',
  '[OpenClaw session event]',
];
export const CONTEXT_PROMPT =
  'Follow the heartbeat monitor scratch context when provided. Recurring tasks are automations; create or change their schedules with the automations tool, not heartbeat scratch. Do not infer or repeat old tasks from prior chats.';
export const TOOL_INSTRUCTIONS =
  "Use heartbeat_respond to report the wake outcome. Set notify=false when nothing needs the user's attention. Set notify=true with notificationText only when the user should be interrupted.";
export const TOOL_FALLBACK =
  "If the heartbeat_respond tool is not available in this run, reply NO_REPLY when nothing needs the user's attention; when the user should be interrupted, reply with only the alert text instead of a prose report.";
export const TOOL_PROMPT = `${CONTEXT_PROMPT} ${TOOL_INSTRUCTIONS} ${TOOL_FALLBACK}`;
export const TASK_PREFIX = 'Run the following periodic tasks (only those due based on their intervals):';
export const TASK_COMPLETIONS = [
  'After completing all due tasks, reply HEARTBEAT_OK.',
  'After completing all due tasks, reply NO_REPLY.',
  TOOL_INSTRUCTIONS,
  'After completing all due tasks, use heartbeat_respond',
];
/** Every prompt recognised starts with one of these characters: any other text is not one (checked first, cheaply). */
const PROMPT_FIRST_CHARS = new Set([...WAKE_PROMPTS, ...DELIVERY_HINTS, TOOL_PROMPT, TASK_PREFIX].map((p) => p[0]));

/** Whether a text whose first visible character is `char` may be a wake prompt. */
export function opensWakePrompt(char: string): boolean {
  return PROMPT_FIRST_CHARS.has(char);
}
