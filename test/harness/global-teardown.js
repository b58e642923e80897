// Stops the e2e stack (the app drains first, then the fixture servers close).
export default async function globalTeardown() {
  const stack = globalThis.__e2eStack;
  if (!stack || stack.exitCode !== null) return;
  const exited = new Promise((done) => stack.once('exit', done));
  stack.kill('SIGTERM');
  const timer = setTimeout(() => stack.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
