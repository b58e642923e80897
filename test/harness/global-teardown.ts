/** Stops the app first (so it drains), then the fixture servers. */
export default async function globalTeardown(): Promise<void> {
  const closers = (globalThis as { __e2eClosers?: Array<() => Promise<unknown>> }).__e2eClosers ?? [];
  for (const close of closers) await close().catch(() => undefined);
}
