/** Reading a tool result's call id: one order of fields for every reader, blank values skipped. */
import { describe, expect, it } from 'vitest';
import { TOOL_RESULT_ID_FIELDS, toolResultCallId, toolResultCallIds, toolResultIdFields } from '../../../shared/messages.js';

describe('tool result call ids', () => {
  it("prefers pi's own toolCallId, then the legacy toolUseId, then the other spellings", () => {
    expect(TOOL_RESULT_ID_FIELDS).toEqual(['toolCallId', 'toolUseId', 'tool_call_id', 'tool_use_id', 'callId', 'call_id']);
    expect(toolResultCallId({ call_id: 'c', toolUseId: 'b', toolCallId: 'a' })).toBe('a');
    expect(toolResultCallId({ call_id: 'c', tool_use_id: 'd', toolUseId: 'b' })).toBe('b');
    expect(toolResultCallId({ call_id: 'c', callId: 'e' })).toBe('e');
  });

  it('skips blank and non-string fields and trims the id it returns', () => {
    expect(toolResultCallId({ toolCallId: '  ', toolUseId: 42, tool_call_id: ' call_1 ' })).toBe('call_1');
    expect(toolResultCallId({ toolCallId: '', toolUseId: null })).toBeUndefined();
    expect(toolResultCallId({})).toBeUndefined();
  });

  it('lists every distinct id a result carries, trimmed, in field order', () => {
    expect(toolResultCallIds({ call_id: 'b', toolCallId: 'a', toolUseId: ' a ', tool_use_id: '' })).toEqual(['a', 'b']);
    expect(toolResultCallIds({ role: 'toolResult' })).toEqual([]);
  });

  it('gives the fields as written, in the order asked for', () => {
    const result = { toolCallId: ' a', call_id: 'b', toolUseId: '' };
    expect(toolResultIdFields(result)).toEqual([
      ['toolCallId', ' a'],
      ['call_id', 'b'],
    ]);
    expect(toolResultIdFields(result, ['call_id', 'toolCallId'])).toEqual([
      ['call_id', 'b'],
      ['toolCallId', ' a'],
    ]);
  });
});
