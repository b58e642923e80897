import { createHash } from 'node:crypto';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { blockRunner } from './blocks/block-registry.js';
import { buildResult } from './recipe-result.js';
function timeout() {
    return new AppError(ErrorCode.NavigationTimeout, 'The recipe did not finish within the job time limit.');
}
/** URL plus a hash of the rendered text: per-request nonces and tokens in the markup do not make a page new. */
async function pageKey(page) {
    const text = await page.evaluate(() => document.body?.innerText ?? document.documentElement?.textContent ?? '');
    return `${page.url()} ${createHash('sha256').update(text).digest('hex')}`;
}
class RecipeProgress {
    session;
    limits;
    pages = [];
    navigation = null;
    seen = new Set();
    constructor(session, limits) {
        this.session = session;
        this.limits = limits;
    }
    get maxPages() {
        return this.limits.maxPages;
    }
    get pagesRead() {
        return this.pages.length;
    }
    remainingMs() {
        const left = this.limits.deadline - Date.now();
        if (left <= 0)
            throw timeout();
        return left;
    }
    async begin(navigation) {
        this.navigation = navigation;
        await this.arrive();
    }
    async arrive() {
        const key = await pageKey(this.session.page);
        if (this.seen.has(key))
            return false;
        this.seen.add(key);
        this.pages.push(new Map());
        return true;
    }
    record(name, values) {
        const page = this.pages[this.pages.length - 1];
        page.set(name, [...(page.get(name) ?? []), ...values]);
    }
}
/** Blocks in order; a paginate sends the recipe back to its startBlock after each new page (pages are capped). */
async function executeBlocks(progress, recipe) {
    const positions = new Map(recipe.blocks.flatMap((block, index) => (block.id === null ? [] : [[block.id, index]])));
    let index = 0;
    while (index < recipe.blocks.length) {
        progress.remainingMs();
        const block = recipe.blocks[index];
        const outcome = await blockRunner(block.type).run(progress, block.details);
        index = outcome ? positions.get(outcome.repeatFrom) : index + 1;
    }
}
/** Races the work against the deadline; puppeteer's own timeouts become navigation_timeout too. */
async function withinDeadline(work, deadline) {
    let timer;
    const expired = new Promise((_, reject) => {
        timer = setTimeout(() => reject(timeout()), Math.max(0, deadline - Date.now()));
    });
    // Past the deadline the page is closed under the work; that late rejection is expected.
    work.catch(() => undefined);
    try {
        await Promise.race([work, expired]);
    }
    catch (error) {
        throw error instanceof Error && error.name === 'TimeoutError' ? timeout() : error;
    }
    finally {
        clearTimeout(timer);
    }
}
/** Runs a validated recipe on the session's page and assembles `data` (decisions.md section 2). */
export async function runRecipe(session, recipe, limits) {
    const progress = new RecipeProgress(session, limits);
    await withinDeadline(executeBlocks(progress, recipe), limits.deadline);
    const names = recipe.blocks.flatMap((block) => blockRunner(block.type).outputs?.(block.details) ?? []);
    const result = buildResult([...new Set(names)], progress.pages, recipe.expectedOutput);
    return { result, navigation: progress.navigation };
}
