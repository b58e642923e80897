/** Percentile of sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function printTable(title: string, rows: ReadonlyArray<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: string | number | undefined) =>
    value === undefined ? '' : typeof value === 'number' ? (Number.isInteger(value) || value >= 100 ? value.toFixed(0) : value.toFixed(2)) : value;
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(cell(row[column])).length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(columns));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((column) => String(cell(row[column])))));
}
