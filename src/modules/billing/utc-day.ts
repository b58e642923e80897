/** UTC calendar day `YYYY-MM-DD`; tallies and daily limits roll over at UTC midnight. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

export function utcMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}

/** The UTC day of a stored timestamp: a Date (MySQL) or SQLite's UTC text `YYYY-MM-DD HH:MM:SS`. */
export function dayOf(stored: unknown): string {
  return stored instanceof Date ? utcDay(stored) : String(stored).slice(0, 10);
}
