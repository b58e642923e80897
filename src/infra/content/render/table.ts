import { isHidden } from '../hidden.js';
import { escapeCell } from './escape.js';
import type { InlineRenderer } from './inline.js';
import type { RenderContext } from './render-mode.js';
import { collapseWhitespace } from '../whitespace.js';
import { maxOf, pushAll } from '../large-arrays.js';

/**
 * A data table as a GFM pipe table (its first row is the header row) or, in text, one line per row with cells
 * separated by a tab. Null for a layout table (one column, role=presentation, or a nested table without a header
 * row): its cells are then read as ordinary blocks. A table nested in a data table's cell is that cell's text, its
 * cells one after another (a pipe table cell is one line).
 */
export function renderTable(table: Element, ctx: RenderContext, inline: InlineRenderer): string | null {
  if (isLayoutTable(table)) return null;
  const rows = tableRows(table).map((row) => rowCells(row, inline));
  const width = maxOf(rows.map((cells) => cells.length));
  if (rows.length === 0 || width === 0) return '';
  const padded = rows.map((cells) => [...cells, ...Array<string>(width - cells.length).fill('')]);
  if (ctx.mode === 'text') return padded.map((cells) => cells.join('\t').trimEnd()).filter((line) => line !== '').join('\n');
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const [header, ...body] = padded;
  return [line(header), `| ${Array<string>(width).fill('---').join(' | ')} |`, ...body.map(line)].join('\n');
}

function isLayoutTable(table: Element): boolean {
  if (table.getAttribute('role') === 'presentation') return true;
  const rows = tableRows(table);
  // Tables nested for page layout have no header row; a data table's header says a nested one is a cell's data.
  if (table.querySelector('table') && !hasHeaderRow(table, rows)) return true;
  return maxOf(rows.map((row) => cellsOf(row).reduce((sum, cell) => sum + span(cell), 0))) <= 1;
}

/** A `<thead>` row, or a first row of `<th>` cells only. */
function hasHeaderRow(table: Element, rows: readonly Element[]): boolean {
  if ([...table.children].some((child) => child.localName === 'thead' && child.querySelector('tr'))) return true;
  const first = rows.length > 0 ? cellsOf(rows[0]) : [];
  return first.length > 0 && first.every((cell) => cell.localName === 'th');
}

/** The table's own rows in order (thead, tbody, tfoot or bare), never a nested table's. */
function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of table.children) {
    if (isHidden(child)) continue;
    if (child.localName === 'tr') rows.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(child.localName)) pushAll(rows, [...child.children].filter((row) => row.localName === 'tr' && !isHidden(row)));
  }
  return rows;
}

function cellsOf(row: Element): Element[] {
  return [...row.children].filter((cell) => cell.localName === 'td' || cell.localName === 'th');
}

function span(cell: Element): number {
  const value = Number.parseInt(cell.getAttribute('colspan') ?? '1', 10);
  return Number.isFinite(value) && value > 1 ? Math.min(value, 100) : 1;
}

/** A row's cells as single-line text; a cell spanning n columns is followed by n - 1 empty ones. */
function rowCells(row: Element, inline: InlineRenderer): string[] {
  const cells: string[] = [];
  for (const cell of cellsOf(row)) {
    const text = [...cell.childNodes].map((node) => inline.render(node)).join('');
    cells.push(collapseWhitespace(text).trim(), ...Array<string>(span(cell) - 1).fill(''));
  }
  return cells;
}
