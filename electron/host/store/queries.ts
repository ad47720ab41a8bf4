/**
 * The SQL a store is listed with. Counts and the last model come from the events themselves, in
 * SQLite's JSON functions: a compressed event is summarised by its `navigation_json.model`, the
 * projection OpenClaw keeps beside it (role, provider and model of a message), so listing never
 * decompresses anything.
 */

/** Each event's JSON for listing: its own text, or the model projection of a compressed one. */
const EVENTS = `
  SELECT session_id, seq, created_at, event_json IS NULL AS compressed,
    CASE
      WHEN event_json IS NOT NULL THEN CASE WHEN json_valid(event_json) THEN event_json END
      WHEN json_valid(navigation_json) THEN json_extract(navigation_json, '$.model')
    END AS j
  FROM transcript_events`;

/** Per session: events, compressed events, message events, the latest event time. */
export const SESSION_COUNTS_SQL = `
  WITH ev AS (${EVENTS})
  SELECT session_id, count(*) AS events, sum(compressed) AS compressed,
    sum(coalesce(json_extract(j, '$.type') = 'message', 0)) AS messages, max(created_at) AS last_created_at
  FROM ev GROUP BY session_id`;

/** Per session: the provider and model of its last assistant turn, model change or model snapshot. */
export const LAST_MODEL_SQL = `
  WITH ev AS (${EVENTS}),
  models AS (
    SELECT session_id, seq,
      CASE json_extract(j, '$.type')
        WHEN 'message' THEN CASE WHEN json_extract(j, '$.message.role') = 'assistant' THEN json_extract(j, '$.message.provider') END
        WHEN 'model_change' THEN json_extract(j, '$.provider')
        WHEN 'custom' THEN CASE WHEN json_extract(j, '$.customType') = 'model-snapshot' THEN json_extract(j, '$.data.provider') END
      END AS provider,
      CASE json_extract(j, '$.type')
        WHEN 'message' THEN CASE WHEN json_extract(j, '$.message.role') = 'assistant' THEN json_extract(j, '$.message.model') END
        WHEN 'model_change' THEN json_extract(j, '$.modelId')
        WHEN 'custom' THEN CASE WHEN json_extract(j, '$.customType') = 'model-snapshot' THEN json_extract(j, '$.data.modelId') END
      END AS model
    FROM ev WHERE json_extract(j, '$.type') IN ('message', 'model_change', 'custom')
  ),
  ranked AS (
    SELECT session_id, provider, model, row_number() OVER (PARTITION BY session_id ORDER BY seq DESC) AS rank
    FROM models WHERE typeof(provider) = 'text' AND typeof(model) = 'text' AND provider != '' AND model != ''
  )
  SELECT session_id, provider, model FROM ranked WHERE rank = 1`;

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
