import { extractBlock } from './extract.block.js';
import { paginateBlock } from './paginate.block.js';
import { startBlock } from './start.block.js';
/** Every block type a recipe may use; a new type is one file in this folder and one line here. */
const RUNNERS = [startBlock, extractBlock, paginateBlock];
export const BLOCK_REGISTRY = new Map(RUNNERS.map((runner) => [runner.type, runner]));
export const BLOCK_TYPES = [...BLOCK_REGISTRY.keys()];
/** The runner of a validated block's type. */
export function blockRunner(type) {
    const runner = BLOCK_REGISTRY.get(type);
    if (!runner)
        throw new Error(`No runner for block type "${type}"`);
    return runner;
}
