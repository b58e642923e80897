var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCssSelector } from '../dto/recipe-validators.js';
export class ExtractDetails {
    selector;
    name;
    property;
}
__decorate([
    IsCssSelector(),
    __metadata("design:type", String)
], ExtractDetails.prototype, "selector", void 0);
__decorate([
    MaxLength(200),
    IsNotEmpty(),
    IsString(),
    __metadata("design:type", String)
], ExtractDetails.prototype, "name", void 0);
__decorate([
    IsOptional(),
    MaxLength(200),
    IsNotEmpty(),
    IsString(),
    __metadata("design:type", String)
], ExtractDetails.prototype, "property", void 0);
const TRIMMED = ['textContent', 'innerText'];
/** Runs in the page: the DOM property of each element, else the attribute of that name (decisions.md section 2). */
function readProperty(elements, property, trimmed) {
    return elements.map((element) => {
        const value = property in element ? element[property] : undefined;
        if (typeof value === 'string')
            return trimmed.includes(property) ? value.trim() : value;
        if (typeof value === 'number' || typeof value === 'boolean')
            return value;
        return element.getAttribute(property);
    });
}
/** Reads `property` (default `textContent`, trimmed) from every element matching `selector` on the current page. */
export const extractBlock = {
    type: 'extract',
    details: ExtractDetails,
    outputs: (details) => [details.name],
    async run(context, details) {
        const property = details.property ?? 'textContent';
        const values = await context.session.page.$$eval(details.selector, readProperty, property, TRIMMED);
        context.record(details.name, values);
    },
};
