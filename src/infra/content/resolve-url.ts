/** An attribute's URL made absolute against the page's URL; null when it cannot be parsed. */
export function absoluteUrl(value: string, baseUrl: string): string | null {
  try {
    return new URL(value.trim(), baseUrl).href;
  } catch {
    return null;
  }
}

/** A URL that runs script when followed or loaded (`javascript:`, also with whitespace or case tricks). */
export function isScriptUrl(value: string): boolean {
  return /^\s*javascript:/i.test(value.replace(/[\u0000-\u001f]/g, ''));
}
