import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCssSelector } from '../dto/recipe-validators.js';
import type { ExtractedValue } from '../recipe.types.js';
import type { BlockRunner } from './block-runner.js';

export class ExtractDetails {
  @IsCssSelector()
  selector!: string;

  @MaxLength(200)
  @IsNotEmpty()
  @IsString()
  name!: string;

  @IsOptional()
  @MaxLength(200)
  @IsNotEmpty()
  @IsString()
  property?: string;
}

const TRIMMED = ['textContent', 'innerText'];

/** Runs in the page: the DOM property of each element, else the attribute of that name (decisions.md section 2). */
function readProperty(elements: Element[], property: string, trimmed: string[]): ExtractedValue[] {
  return elements.map((element) => {
    const value = property in element ? (element as unknown as Record<string, unknown>)[property] : undefined;
    if (typeof value === 'string') return trimmed.includes(property) ? value.trim() : value;
    if (typeof value === 'number' || typeof value === 'boolean') return value;
    return element.getAttribute(property);
  });
}

/** Reads `property` (default `textContent`, trimmed) from every element matching `selector` on the current page. */
export const extractBlock: BlockRunner<ExtractDetails> = {
  type: 'extract',
  details: ExtractDetails,
  outputs: (details) => [details.name],
  async run(context, details) {
    const property = details.property ?? 'textContent';
    const values = await context.session.page.$$eval(details.selector, readProperty, property, TRIMMED);
    context.record(details.name, values);
  },
};
