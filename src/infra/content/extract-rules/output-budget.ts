import { outputBytes } from '../../../common/size/output-bytes.js';

/** Thrown as soon as the extracted JSON would pass its byte budget. */
export class ExtractTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The extracted data exceed ${maxBytes} bytes.`);
    this.name = 'ExtractTooLargeError';
  }
}

/**
 * The bytes of the extracted JSON (as JSON.stringify writes it, UTF-8), counted while it is built, so a page can
 * never make the worker hold more than the budget and one value being read.
 */
export class OutputBudget {
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  /** `{}` or `[]`. */
  container(): void {
    this.charge(2);
  }

  /** An object member's `"name":`, and the comma before it unless it is the first. */
  member(name: string, index: number): void {
    this.charge(outputBytes(name) + 1 + (index > 0 ? 1 : 0));
  }

  /** The comma before an array entry unless it is the first. */
  entry(index: number): void {
    if (index > 0) this.charge(1);
  }

  /** A string or null value; answers it. */
  value(value: string | null): string | null {
    this.charge(value === null ? 4 : outputBytes(value));
    return value;
  }

  private charge(bytes: number): void {
    this.used += bytes;
    if (this.used > this.maxBytes) throw new ExtractTooLargeError(this.maxBytes);
  }
}

