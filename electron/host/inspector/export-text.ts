/** The texts an inspection exports (replay payload, curl command, reports), each with the file name it suggests. */
import path from 'node:path';
import type { ExportedText, ExportKind, SessionInfo } from '../../../shared/api.js';
import { curlCommand, reportJson, reportMarkdown } from './exports.js';
import type { InspectionRecord } from './inspection-cache.js';
import { CLI_EXPORT_HINT, tooLargeAsText } from './too-large.js';

/** A session file's name without its session extension, for export names. */
export function baseName(name: string): string {
  return path.basename(name).replace(/\.(jsonl|json)$/i, '') || 'session';
}

/** The exports made from an inspection (the JSONL ones are made from the session's source: stored-sessions.ts, redacted-export.ts). */
export type InspectionExportKind = Exclude<ExportKind, 'session-jsonl' | 'branch-jsonl' | 'repaired-jsonl' | 'session-redacted'>;

/** One export of an inspection of `session`. */
export function exportText(session: SessionInfo, record: InspectionRecord, kind: InspectionExportKind): ExportedText {
  const inspection = record.detail.inspection;
  const base = `${baseName(session.store?.sessionId ?? session.name)}.${inspection.target.provider}.${inspection.target.modelId.replace(/[^\w.-]+/g, '_')}`;
  const replay = record.detail.replay;
  switch (kind) {
    case 'payload-json':
      if (replay.payload === undefined) throw new Error(`no replay payload to export: ${replay.build.error ?? 'it was not built'}`);
      return {
        fileName: `${base}.payload.json`,
        text: tooLargeAsText('the replay payload', CLI_EXPORT_HINT, () => `${JSON.stringify(replay.payload, null, 2)}\n`),
      };
    case 'curl': {
      const payload = replay.payload;
      if (payload === undefined) throw new Error(`no replay payload to export: ${replay.build.error ?? 'it was not built'}`);
      return {
        fileName: `${base}.curl.sh`,
        text: tooLargeAsText('the curl command', CLI_EXPORT_HINT, () =>
          curlCommand(replay.build, payload, [
            `Replay of ${session.name} for ${inspection.target.provider}/${inspection.target.modelId}, built by Transcript Inspector. Set the key variable first.`,
            ...replay.build.notes,
          ]),
        ),
      };
    }
    case 'report-markdown':
      return { fileName: `${base}.report.md`, text: reportMarkdown(session, inspection, record.summary.rules) };
    case 'report-json':
      return {
        fileName: `${base}.report.json`,
        text: tooLargeAsText('the JSON report', CLI_EXPORT_HINT, () => reportJson(session, inspection, record.summary.rules)),
      };
  }
}
