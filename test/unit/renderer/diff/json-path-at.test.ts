// The JSON path of a line, in whole and windowed documents, and the text of the entry that holds it.
import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../../shared/api.js';
import { entryText, formatJsonPath, jsonPathAt, linePlace } from '../../../../renderer/diff/json-path-at.js';

const payload = {
  model: 'gpt-5',
  input: [
    { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
    { type: 'function_call', call_id: 'call_1', 'odd key': 1, arguments: '{}' },
    { type: 'function_call_output', call_id: 'call_1', output: 'done\n"quoted"' },
  ],
  store: false,
};
const text = JSON.stringify(payload, null, 2);
const lines = text.split('\n');
const lineOf = (needle: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(needle)) + 1;

describe('jsonPathAt', () => {
  it('names the key a line starts, the element it starts and the container a closing line ends', () => {
    expect(jsonPathAt(text, 1)).toEqual([]);
    expect(jsonPathAt(text, lineOf('"model"'))).toEqual(['model']);
    expect(jsonPathAt(text, lineOf('"input"'))).toEqual(['input']);
    expect(jsonPathAt(text, lineOf('"input"') + 1)).toEqual(['input', 0]);
    expect(jsonPathAt(text, lineOf('"text"'))).toEqual(['input', 0, 'content', 0, 'text']);
    expect(jsonPathAt(text, lineOf('"odd key"'))).toEqual(['input', 1, 'odd key']);
    expect(jsonPathAt(text, lineOf('"output"'))).toEqual(['input', 2, 'output']);
    expect(jsonPathAt(text, lineOf('"store"'))).toEqual(['store']);
    expect(jsonPathAt(text, lines.length)).toEqual([]);
    expect(jsonPathAt(text, lines.length + 5)).toBeNull();
  });

  it('formats paths as the provider’s errors write them', () => {
    expect(formatJsonPath(['input', 2, 'output'])).toBe('input[2].output');
    expect(formatJsonPath(['input', 1, 'odd key'])).toBe('input[1]["odd key"]');
    expect(formatJsonPath([3, 'content', 0])).toBe('[3].content[0]');
  });
});

describe('linePlace and entryText', () => {
  // A window of the payload that holds entries 40 and 41 only: its text counts them from 0.
  const windowed: DocumentText = {
    text: JSON.stringify({ model: 'gpt-5', input: [payload.input[1], payload.input[2]] }, null, 2),
    ranges: [],
    elisions: [],
  };
  const wLines = windowed.text.split('\n');
  const start0 = wLines.findIndex((l) => l === '    {') + 1;
  const start1 = wLines.findIndex((l, i) => i >= start0 && l === '    {') + 1;
  windowed.ranges = [
    { index: 30, turn: 30, entry: 40, startLine: start0, endLine: start1 - 1 },
    { index: 31, turn: 31, entry: 41, startLine: start1, endLine: wLines.length - 2 },
  ];

  it('gives the entry’s real position in a window', () => {
    const line = wLines.findIndex((l) => l.includes('"output"')) + 1;
    expect(linePlace(windowed, line, 'input')).toEqual({ path: ['input', 41, 'output'], range: windowed.ranges[1] });
  });

  it('copies an entry as JSON of its own', () => {
    const json = entryText(windowed, windowed.ranges[1]);
    expect(JSON.parse(json)).toEqual(payload.input[2]);
    expect(json.startsWith('{\n  "type"')).toBe(true);
    expect(JSON.parse(entryText(windowed, windowed.ranges[0]))).toEqual(payload.input[1]);
  });

  it('maps a transcript (a list at the root) by the range’s index', () => {
    const doc: DocumentText = { text: JSON.stringify([{ role: 'user' }, { role: 'assistant' }], null, 2), ranges: [], elisions: [] };
    doc.ranges = [
      { index: 7, turn: 7, startLine: 2, endLine: 4 },
      { index: 8, turn: 8, startLine: 5, endLine: 7 },
    ];
    expect(linePlace(doc, 6, null)?.path).toEqual([8, 'role']);
  });
});
