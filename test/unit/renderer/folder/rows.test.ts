// The folder table's filters and sort, and its CSV / Markdown exports.
import { describe, expect, it } from 'vitest';
import { folderCsv, folderMarkdown, statusText, type FolderSession } from '../../../../shared/folder.js';
import { distinct, visibleRows } from '../../../../renderer/folder/rows.js';
import type { FolderFilter } from '../../../../renderer/folder/folder-store.js';

function row(file: string, patch: Partial<FolderSession> = {}): FolderSession {
  return {
    file: `/d/${file}`,
    size: 100,
    turns: 2,
    lastModel: 'anthropic/claude-sonnet-4-5',
    status: 'clean',
    repairLines: 0,
    findings: 0,
    recordedErrors: 0,
    agent: 'main',
    mtimeMs: Date.UTC(2025, 10, 12, 8, 41),
    replayFindings: 0,
    lines: { dropped: 0, rewritten: 0, inserted: 0 },
    ...patch,
  };
}

const ROWS = [
  row('a.jsonl'),
  row('b.jsonl', { status: 'needs-repair', repairLines: 2, agent: 'work', size: 300 }),
  row('c.jsonl', { status: 'in-use', agent: 'work', lastModel: 'openai/gpt-5', size: 50 }),
  row('d.jsonl', { recordedErrors: 3, sessionKey: 'agent:main:main', label: 'Support chat' }),
  row('e.jsonl', { status: 'unreadable', lastModel: null }),
  row('f.jsonl', { status: 'would-be-rejected', findings: 2 }),
];
const none: FolderFilter = { status: '', agent: '', model: '', text: '' };
const files = (rows: FolderSession[]) => rows.map((r) => r.file.slice(3));

describe('visibleRows', () => {
  it('sorts by urgency (in use, unreadable, needs repair, would be rejected, recorded errors, clean), then by any column both ways', () => {
    expect(files(visibleRows(ROWS, none, { key: 'status', direction: 1 }))).toEqual([
      'c.jsonl',
      'e.jsonl',
      'b.jsonl',
      'f.jsonl',
      'd.jsonl',
      'a.jsonl',
    ]);
    expect(files(visibleRows(ROWS, none, { key: 'size', direction: -1 }))).toEqual([
      'b.jsonl',
      'a.jsonl',
      'd.jsonl',
      'e.jsonl',
      'f.jsonl',
      'c.jsonl',
    ]);
    expect(files(visibleRows(ROWS, none, { key: 'file', direction: -1 }))).toEqual([
      'f.jsonl',
      'e.jsonl',
      'd.jsonl',
      'c.jsonl',
      'b.jsonl',
      'a.jsonl',
    ]);
  });

  it('filters by status, recorded errors, agent, model and text', () => {
    const by = (patch: Partial<FolderFilter>) => files(visibleRows(ROWS, { ...none, ...patch }, { key: 'file', direction: 1 }));
    expect(by({ status: 'needs-repair' })).toEqual(['b.jsonl']);
    expect(by({ status: 'recorded-errors' })).toEqual(['d.jsonl']);
    expect(by({ agent: 'work' })).toEqual(['b.jsonl', 'c.jsonl']);
    expect(by({ model: 'openai/gpt-5' })).toEqual(['c.jsonl']);
    expect(by({ text: 'SUPPORT' })).toEqual(['d.jsonl']);
    expect(by({ text: 'agent:main' })).toEqual(['d.jsonl']);
    expect(by({ agent: 'work', status: 'clean' })).toEqual([]);
  });

  it('lists the distinct agents and models for the filters', () => {
    expect(distinct(ROWS, (r) => r.agent)).toEqual(['main', 'work']);
    expect(distinct(ROWS, (r) => r.lastModel)).toEqual(['anthropic/claude-sonnet-4-5', 'openai/gpt-5']);
  });
});

describe('folder exports', () => {
  it('writes CSV with quoting, and defuses cells a spreadsheet would run as formulas', () => {
    const csv = folderCsv('/d', [row('x.jsonl', { label: 'a "quoted", label', sessionKey: '=HYPERLINK("x")' })]);
    expect(csv).toBe(
      'file,agent,session key,label,channel,size,turns,last model,modified,status,repair lines,findings,recorded errors,note\r\n' +
        `x.jsonl,main,"'=HYPERLINK(""x"")","a ""quoted"", label",,100,2,anthropic/claude-sonnet-4-5,2025-11-12T08:41:00.000Z,clean,0,0,0,\r\n`,
    );
  });

  it('writes a Markdown report with counts, escaped cells and the skipped files', () => {
    const md = folderMarkdown(
      '/d',
      [row('a|b.jsonl', { status: 'needs-repair', repairLines: 1 })],
      [{ file: '/d/x.jsonl.bak-1-2', reason: 'backup' }],
    );
    expect(md.split('\n').slice(0, 3)).toEqual([
      '# Sessions in /d',
      '',
      '1 session(s) — in use: 0, unreadable: 0, needs repair: 1, would be rejected: 0, clean: 0; 1 file(s) skipped.',
    ]);
    expect(md).toContain('| a\\|b.jsonl | main |');
    expect(md).toContain('## Skipped\n\n- x.jsonl.bak-1-2 — backup\n');
  });

  it('words a clean session that recorded failed requests', () => {
    expect(statusText({ status: 'clean', recordedErrors: 2 })).toBe('recorded errors (2)');
    expect(statusText({ status: 'needs-repair', recordedErrors: 2 })).toBe('needs repair');
  });
});
