var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { BLOCK_TYPES } from '../blocks/block-registry.js';
export const MAX_BLOCKS = 100;
// Validated with stopAtFirstError, which tries the decorator nearest the property first: type checks sit last.
/** POST /crawl's body, apart from the blocks' own fields (validated one by one, see parse-recipe.ts). */
export class RecipeBodyDto {
    name;
    expectedOutput;
    blocks;
}
__decorate([
    IsOptional(),
    MaxLength(200),
    IsString(),
    __metadata("design:type", String)
], RecipeBodyDto.prototype, "name", void 0);
__decorate([
    IsOptional(),
    MaxLength(100),
    IsString(),
    __metadata("design:type", String)
], RecipeBodyDto.prototype, "expectedOutput", void 0);
__decorate([
    IsDefined({ message: 'blocks is required' }),
    ArrayMaxSize(MAX_BLOCKS),
    ArrayNotEmpty({ message: 'blocks must hold at least one block' }),
    IsArray(),
    __metadata("design:type", Array)
], RecipeBodyDto.prototype, "blocks", void 0);
/** One block's envelope; its `details` are validated by the DTO of its type (blocks/<type>.block.ts). */
export class BlockDto {
    type;
    id;
    details;
}
__decorate([
    IsDefined({ message: 'type is required' }),
    IsIn(BLOCK_TYPES, { message: `type must be a supported block type: ${BLOCK_TYPES.join(', ')}` }),
    __metadata("design:type", String)
], BlockDto.prototype, "type", void 0);
__decorate([
    IsOptional(),
    MaxLength(100),
    IsNotEmpty(),
    IsString(),
    __metadata("design:type", String)
], BlockDto.prototype, "id", void 0);
__decorate([
    IsDefined({ message: 'details is required' }),
    IsObject({ message: 'details must be an object' }),
    __metadata("design:type", Object)
], BlockDto.prototype, "details", void 0);
