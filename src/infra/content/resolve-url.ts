/** An attribute's URL made absolute against the page's URL; null when it cannot be parsed. */
export function absoluteUrl(value: string, baseUrl: string): string | null {
  try {
    return new URL(value.trim(), baseUrl).href;
  } catch {
    return null;
  }
}

/** A URL that runs script when followed (`javascript:`), read as the URL parser reads it, whitespace and case tricks included. */
export function isScriptUrl(value: string): boolean {
  return absoluteUrl(value, 'http://base.invalid/')?.startsWith('javascript:') ?? false;
}
