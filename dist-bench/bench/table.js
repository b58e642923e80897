/** Percentile of sorted samples (nearest rank). */
export function percentile(sorted, p) {
    if (sorted.length === 0)
        return NaN;
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export function printTable(title, rows) {
    if (rows.length === 0)
        return;
    const columns = Object.keys(rows[0]);
    const cell = (value) => (typeof value === 'number' ? value.toFixed(value >= 100 ? 0 : 2) : value);
    const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(cell(row[column])).length)));
    const line = (values) => `| ${values.map((value, i) => value.padEnd(widths[i])).join(' | ')} |`;
    console.log(`\n${title}\n`);
    console.log(line(columns));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of rows)
        console.log(line(columns.map((column) => String(cell(row[column])))));
}
