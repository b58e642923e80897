export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

export function isText(node: Node): boolean {
  return node.nodeType === 3;
}
