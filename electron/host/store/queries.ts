/**
 * The SQL a store is listed with. Counts and the last model come from the events themselves, in
 * SQLite's JSON functions: a compressed event is summarised by its `navigation_json.model`, the
 * projection OpenClaw keeps beside it (role, provider and model of a message), so listing never
 * decompresses anything.
 */

/**
 * What listing needs of each event, parsed once: its type, and the role, provider and model of a
 * message, a model change or a model snapshot (`f`, a JSON array read by position below). An event
 * is its own text, or the model projection of a compressed one.
 */
const EVENT_FIELDS = `
  SELECT session_id, seq, created_at, event_json IS NULL AS compressed,
    json_extract(
      CASE
        WHEN event_json IS NOT NULL THEN CASE WHEN json_valid(event_json) THEN event_json END
        WHEN json_valid(navigation_json) THEN json_extract(navigation_json, '$.model')
      END,
      '$.type', '$.message.role', '$.message.provider', '$.message.model',
      '$.provider', '$.modelId', '$.customType', '$.data.provider', '$.data.modelId') AS f
  FROM transcript_events`;

/** Per session: events, compressed events, message events, the latest event time, and the last model. */
export const SESSION_SUMMARY_SQL = `
  WITH ev AS MATERIALIZED (${EVENT_FIELDS}),
  typed AS MATERIALIZED (
    SELECT session_id, seq, created_at, compressed, f ->> '$[0]' AS type,
      CASE f ->> '$[0]'
        WHEN 'message' THEN CASE WHEN f ->> '$[1]' = 'assistant' THEN f ->> '$[2]' END
        WHEN 'model_change' THEN f ->> '$[4]'
        WHEN 'custom' THEN CASE WHEN f ->> '$[6]' = 'model-snapshot' THEN f ->> '$[7]' END
      END AS provider,
      CASE f ->> '$[0]'
        WHEN 'message' THEN CASE WHEN f ->> '$[1]' = 'assistant' THEN f ->> '$[3]' END
        WHEN 'model_change' THEN f ->> '$[5]'
        WHEN 'custom' THEN CASE WHEN f ->> '$[6]' = 'model-snapshot' THEN f ->> '$[8]' END
      END AS model
    FROM ev
  ),
  models AS MATERIALIZED (
    SELECT session_id, provider, model, row_number() OVER (PARTITION BY session_id ORDER BY seq DESC) AS rank
    FROM typed WHERE typeof(provider) = 'text' AND typeof(model) = 'text' AND provider != '' AND model != ''
  ),
  counts AS MATERIALIZED (
    SELECT session_id, count(*) AS events, sum(compressed) AS compressed,
      sum(coalesce(type = 'message', 0)) AS messages, max(created_at) AS last_created_at
    FROM typed GROUP BY session_id
  )
  SELECT c.*, m.provider, m.model FROM counts c LEFT JOIN models m ON m.session_id = c.session_id AND m.rank = 1`;

/** Every window with its conversation (the node that names its current window, label and fork source). */
export const WINDOWS_SQL = `
  SELECT w.session_id, w.session_key, w.previous_session_id, w.reason, w.updated_at,
    n.current_session_id, n.label, n.display_name,
    n.fork_source_session_key, n.fork_source_session_id, n.fork_source_entry_id
  FROM session_windows w LEFT JOIN session_nodes n ON n.session_key = w.session_key`;

/** One session's events in order, the JSON as raw UTF-8 bytes. */
export const EVENTS_OF_SESSION_SQL = `
  SELECT seq, CAST(event_json AS BLOB) AS json, event_zstd, event_utf8_bytes
  FROM transcript_events WHERE session_id = ? ORDER BY seq`;

/** The same, for a database whose text is not stored as UTF-8 (SQLite converts it). */
export const EVENTS_OF_SESSION_TEXT_SQL = `
  SELECT seq, event_json AS json, event_zstd, event_utf8_bytes
  FROM transcript_events WHERE session_id = ? ORDER BY seq`;

/** Whether a session has events or a window (as the listing counts sessions). */
export const HAS_SESSION_SQL = `
  SELECT 1 FROM transcript_events WHERE session_id = ?
  UNION ALL SELECT 1 FROM session_windows WHERE session_id = ? LIMIT 1`;
