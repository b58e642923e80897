import { BlockRenderer } from './blocks.js';

/** decisions.md 8.1's Markdown of the given elements, in order: CommonMark with GFM tables, blocks a blank line apart. */
export function renderMarkdown(elements: readonly Element[], baseUrl: string): string {
  return join(new BlockRenderer({ mode: 'markdown', baseUrl }).render(elements));
}

/** decisions.md 8.1's text of the given elements: the same blocks as plain lines, no markup. */
export function renderText(elements: readonly Element[], baseUrl: string): string {
  return join(new BlockRenderer({ mode: 'text', baseUrl }).render(elements));
}

function join(blocks: ReadonlyArray<{ readonly text: string }>): string {
  return blocks.map((block) => block.text).join('\n\n');
}
