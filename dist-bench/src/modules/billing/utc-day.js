/** UTC calendar day `YYYY-MM-DD`; tallies and daily limits roll over at UTC midnight. */
export function utcDay(at = new Date()) {
    return at.toISOString().slice(0, 10);
}
export function utcMonth(at = new Date()) {
    return at.toISOString().slice(0, 7);
}
