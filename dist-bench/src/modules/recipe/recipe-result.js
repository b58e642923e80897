/** One page's extracts zipped by index into rows; a name with fewer values gives null. */
function zipPage(names, page) {
    const rows = Math.max(0, ...names.map((name) => page.get(name)?.length ?? 0));
    return Array.from({ length: rows }, (_, row) => Object.fromEntries(names.map((name) => [name, page.get(name)?.[row] ?? null])));
}
/** `data` of decisions.md section 2: `list` rows page after page, otherwise every name's values across pages. */
export function buildResult(names, pages, expectedOutput) {
    if (expectedOutput === 'list')
        return { items: pages.flatMap((page) => zipPage(names, page)), pages: pages.length };
    const fields = Object.fromEntries(names.map((name) => [name, pages.flatMap((page) => page.get(name) ?? [])]));
    return { fields, pages: pages.length };
}
