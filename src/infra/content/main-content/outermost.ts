/**
 * Of these elements, those that no other of them holds, in the order given, each once. A walk up from each to the
 * root, against a set: elements × depth, where testing each against all the others with `contains` was the square of
 * their number (a page of one template repeated 20,000 times: 4·10⁸ calls).
 */
export function outermost(elements: readonly Element[]): Element[] {
  const all = new Set(elements);
  const kept: Element[] = [];
  for (const element of all) {
    let held = false;
    for (let up = element.parentElement; up && !held; up = up.parentElement) held = all.has(up);
    if (!held) kept.push(element);
  }
  return kept;
}
