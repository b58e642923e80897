/** Stops the app first (so it drains), then the fixture servers. */
export default async function globalTeardown() {
    const closers = globalThis.__e2eClosers ?? [];
    for (const close of closers)
        await close().catch(() => undefined);
}
