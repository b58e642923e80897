var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsCssSelector } from '../dto/recipe-validators.js';
import { isDisabled, turnPage } from './page-turn.js';
export class PaginateDetails {
    selector;
    startBlock;
}
__decorate([
    IsCssSelector(),
    __metadata("design:type", String)
], PaginateDetails.prototype, "selector", void 0);
__decorate([
    MaxLength(100),
    IsNotEmpty(),
    IsString(),
    __metadata("design:type", String)
], PaginateDetails.prototype, "startBlock", void 0);
/** Clicks to the next page; true when a page not read before was reached. */
async function nextPage(context, selector) {
    const { page, options } = context.session;
    const control = await page.$(selector);
    if (!control)
        return false;
    try {
        if (await isDisabled(control))
            return false;
        await turnPage(page, control, options.waitUntil, context.remainingMs());
    }
    finally {
        // After a navigation the handle's document is gone; disposing it then is harmless.
        await control.dispose().catch(() => undefined);
    }
    context.session.assertNotBlocked();
    return context.arrive();
}
/**
 * Clicks `selector` and repeats from the block whose id is `startBlock`. Stops (and the recipe goes on with the
 * next block) when the control is missing or disabled, when a page repeats, or when maxPages pages were read.
 */
export const paginateBlock = {
    type: 'paginate',
    details: PaginateDetails,
    check(details, ids) {
        if (ids.has(details.startBlock))
            return {};
        return { startBlock: [`startBlock "${details.startBlock}" names no block of this recipe`] };
    },
    async run(context, details) {
        if (context.pagesRead >= context.maxPages)
            return;
        if (await nextPage(context, details.selector))
            return { repeatFrom: details.startBlock };
    },
};
