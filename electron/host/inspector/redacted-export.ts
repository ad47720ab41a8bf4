/**
 * Export › Redacted session: the session's own bytes redacted for a bug report, then inspected
 * again for the same target, so the user learns whether the copy reproduces what they see.
 */
import type { ExportedText } from '../../../shared/api.js';
import { InputError } from '../read-input.js';
import { checkedOriginal, checkRedaction, describeCheck, describeCounts } from '../redact/check.js';
import { redactSession } from '../redact/redact-session.js';
import { baseName } from './export-text.js';
import { openedSessionBytes } from './stored-sessions.js';
import type { InspectionRecord } from './inspection-cache.js';
import type { SessionRecord } from './session-registry.js';
import { tooLargeAsTextLater } from './too-large.js';

const CLI_REDACT_HINT = 'use the CLI, which writes it as it goes: transcript-inspector redact FILE --output OUT';

/** Redact the session of an inspection and say whether the copy reproduces that inspection. */
export async function redactedSessionExport(session: SessionRecord, record: InspectionRecord): Promise<ExportedText> {
  if (record.summary.preview) throw new InputError(`${session.info.name} is still being read: export the redacted session once it is open`);
  const { text, counts } = await tooLargeAsTextLater('the redacted session', CLI_REDACT_HINT, async () =>
    redactSession({ bytes: await openedSessionBytes(session.request, session.info) }),
  );
  const check = await checkRedaction(checkedOriginal(record.detail.inspection), { text }, record.options);
  const extension = session.info.format === 'messages-json' ? 'json' : 'jsonl';
  return {
    fileName: `${baseName(session.info.store?.sessionId ?? session.info.name)}.redacted.${extension}`,
    text,
    notes: [describeCheck(check), ...describeCounts(counts)],
  };
}
