import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCssSelector } from '../dto/recipe-validators.js';
import type { ExtractedValue } from '../recipe.types.js';
import { evaluateIsolated } from '../../../infra/browser/isolated-world.js';
import { refuseOversizedPage } from '../../jobs/page-size.js';
import type { BlockRunner } from './block-runner.js';
import { recordedNameBytes } from './block-runner.js';

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

/**
 * Runs in the page: the DOM property of each element, else the attribute of that name (decisions.md section 2).
 * null when the values pass `budget` bytes as outputBytes counts them, each with `perValue` bytes for the name it is
 * stored under: `*` with outerHTML grows with the square of the page, and empty values still cost their names.
 */
function readProperty(selector: string, property: string, trimmed: string[], budget: number, perValue: number): ExtractedValue[] | null {
  const encoder = new TextEncoder();
  const values: ExtractedValue[] = [];
  let size = 0;
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const raw = property in element ? (element as unknown as Record<string, unknown>)[property] : undefined;
    let value: ExtractedValue;
    if (typeof raw === 'string') value = trimmed.includes(property) ? raw.trim() : raw;
    else if (typeof raw === 'number' || typeof raw === 'boolean') value = raw;
    else value = element.getAttribute(property);
    size += encoder.encode(JSON.stringify(value)).length + perValue;
    if (size > budget) return null;
    values.push(value);
  }
  return values;
}

/** Reads `property` (default `textContent`, trimmed) from every element matching `selector` on the current page. */
export const extractBlock: BlockRunner<ExtractDetails> = {
  type: 'extract',
  details: ExtractDetails,
  outputs: (details) => [details.name],
  async run(context, details) {
    const property = details.property ?? 'textContent';
    // In an isolated world: the page cannot redefine the properties, push or length that the budget relies on.
    const perValue = recordedNameBytes(details.name);
    const values = await evaluateIsolated(context.session.page, readProperty, details.selector, property, TRIMMED, context.bytesLeft, perValue);
    if (values === null) return refuseOversizedPage(context.session.page);
    context.record(details.name, values);
  },
};
