/** What each error category is called in reports and in the app. */
import type { ErrorCategory } from '../inspection.js';

export const CATEGORY_LABELS: Record<ErrorCategory, string> = {
  transcript: 'transcript shape',
  'context-length': 'context length',
  auth: 'credentials or access',
  billing: 'billing',
  'rate-limit': 'rate limit or overload',
  'model-capability': 'model capability',
  server: 'provider or network failure',
  request: 'malformed request',
  unknown: 'unknown',
};
