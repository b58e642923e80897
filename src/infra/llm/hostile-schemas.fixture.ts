/**
 * `ai_schema`s within the 10,000-character bound whose compile blew up with ajv's default `inlineRefs` (issue 36.1):
 * `shared` is the reviewed one, a `$defs` of 185 `{"format":"email"}` referenced from 185 properties (24 s of CPU as
 * reviewed); `wider` spends the same characters on 250 items and 200 references, 1.5 times the inlined code.
 */
export function hostileSchemas(): Record<'shared' | 'wider', string> {
  return { shared: sharedDefinition(185, 185), wider: sharedDefinition(250, 200) };
}

function sharedDefinition(items: number, references: number): string {
  const emails = Array.from({ length: items }, () => ({ format: 'email' }));
  const properties = Object.fromEntries(Array.from({ length: references }, (_, i) => [i.toString(36), { $ref: '#/$defs/e' }]));
  return JSON.stringify({ type: 'object', $defs: { e: { prefixItems: emails } }, properties });
}
