var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Equals } from 'class-validator';
import { IsHttpUrl } from '../dto/recipe-validators.js';
export class StartDetails {
    type;
    source;
}
__decorate([
    Equals('url', { message: 'type must be "url"' }),
    __metadata("design:type", String)
], StartDetails.prototype, "type", void 0);
__decorate([
    IsHttpUrl(),
    __metadata("design:type", String)
], StartDetails.prototype, "source", void 0);
/** The recipe's starting URL; parseRecipe guarantees the first block is the only start block. */
export function startUrl(recipe) {
    return recipe.blocks[0].details.source;
}
/** Opens `source`. A paginate that repeats from here goes on with the page it reached instead. */
export const startBlock = {
    type: 'start',
    details: StartDetails,
    async run(context, details) {
        if (context.pagesRead > 0)
            return;
        const navigation = await context.session.goto(details.source);
        context.session.assertNotBlocked();
        await context.begin(navigation);
    },
};
