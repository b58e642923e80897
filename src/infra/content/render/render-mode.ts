/** Markdown (CommonMark with GFM tables) or plain text: the two renderings of decisions.md 8.1. */
export type RenderMode = 'markdown' | 'text';

export interface RenderContext {
  readonly mode: RenderMode;
  /** The page's final URL: links and images are resolved against it. */
  readonly baseUrl: string;
}
