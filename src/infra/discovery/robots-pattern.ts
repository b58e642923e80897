/**
 * A robots.txt path pattern compiled once (RFC 9309 2.2.3): `*` any run, a final `$` anchors the end, else a prefix
 * match. The literal runs between stars are found leftmost, one after the other (a leftmost match leaves the most room
 * for the rest, so it never has to be undone): a match costs one pass of `indexOf` over the path per run, never the
 * path's length times a run's, whatever the target writes.
 */
export function robotsPattern(pattern: string): (path: string) => boolean {
  const anchored = pattern.endsWith('$');
  const runs = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const head = runs[0];
  if (runs.length === 1) return anchored ? (path) => path === head : (path) => path.startsWith(head);
  const middle = runs.slice(1, -1);
  const last = runs[runs.length - 1];
  return (path) => {
    if (!path.startsWith(head)) return false;
    let at = head.length;
    for (const run of middle) {
      const found = path.indexOf(run, at);
      if (found < 0) return false;
      at = found + run.length;
    }
    return anchored ? path.length - last.length >= at && path.endsWith(last) : path.includes(last, at);
  };
}
