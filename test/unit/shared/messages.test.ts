/** Reading a tool result's call id: one order of fields for every reader, blank values skipped. */
import { describe, expect, it } from 'vitest';
import { namesCallId, TOOL_RESULT_ID_FIELDS, toolResultCallId, toolResultCallIds, toolResultIdFields } from '../../../shared/messages.js';

describe('tool result call ids', () => {
  it("prefers pi's own toolCallId, then the legacy toolUseId, then the other spellings", () => {
    expect(TOOL_RESULT_ID_FIELDS).toEqual(['toolCallId', 'toolUseId', 'tool_call_id', 'tool_use_id', 'callId', 'call_id']);
    expect(toolResultCallId({ call_id: 'c', toolUseId: 'b', toolCallId: 'a' })).toBe('a');
    expect(toolResultCallId({ call_id: 'c', tool_use_id: 'd', toolUseId: 'b' })).toBe('b');
    expect(toolResultCallId({ call_id: 'c', callId: 'e' })).toBe('e');
  });

  it('reads every field of the list, in its order', () => {
    // A field added to the list but not read by toolResultCallId fails here.
    TOOL_RESULT_ID_FIELDS.forEach((field, at) => {
      const result: Record<string, unknown> = {};
      TOOL_RESULT_ID_FIELDS.forEach((other, index) => {
        result[other] = index < at ? ' ' : `id-${index}`;
      });
      expect(toolResultCallId(result)).toBe(`id-${at}`);
      expect(toolResultCallId({ [field]: ` ${field} ` })).toBe(field);
    });
  });

  it('lists and matches the ids of every field of the list', () => {
    // A field added to the list but not read by these readers fails here.
    const result: Record<string, unknown> = {};
    TOOL_RESULT_ID_FIELDS.forEach((field, index) => {
      result[field] = ` id-${index}`;
      expect(namesCallId({ [field]: `id-${index} ` }, `id-${index}`)).toBe(true);
      expect(namesCallId({ [field]: `id-${index}` }, 'other')).toBe(false);
    });
    expect(toolResultCallIds(result)).toEqual(TOOL_RESULT_ID_FIELDS.map((_, index) => `id-${index}`));
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
