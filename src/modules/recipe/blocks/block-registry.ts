import type { BlockRunner } from './block-runner.js';
import { clickBlock } from './click.block.js';
import { contentBlock } from './content.block.js';
import { evaluateBlock } from './evaluate.block.js';
import { extractBlock } from './extract.block.js';
import { paginateBlock } from './paginate.block.js';
import { pressBlock } from './press.block.js';
import { screenshotBlock } from './screenshot.block.js';
import { scrollBlock } from './scroll.block.js';
import { startBlock } from './start.block.js';
import { typeBlock } from './type.block.js';
import { waitBlock } from './wait.block.js';

/** Every block type a recipe may use; a new type is one file in this folder and one line here. */
const RUNNERS: readonly BlockRunner[] = [
  startBlock,
  extractBlock,
  paginateBlock,
  clickBlock,
  typeBlock,
  pressBlock,
  waitBlock,
  scrollBlock,
  screenshotBlock,
  contentBlock,
  evaluateBlock,
];

export const BLOCK_REGISTRY: ReadonlyMap<string, BlockRunner> = new Map(RUNNERS.map((runner) => [runner.type, runner]));

export const BLOCK_TYPES: readonly string[] = [...BLOCK_REGISTRY.keys()];

/** The runner of a validated block's type. */
export function blockRunner(type: string): BlockRunner {
  const runner = BLOCK_REGISTRY.get(type);
  if (!runner) throw new Error(`No runner for block type "${type}"`);
  return runner;
}
