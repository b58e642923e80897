/** The HTTP calls a README shows: its curl examples and the routes it names in backticks, read as a user would copy them. */
export interface ReadmeCall {
  readonly line: number;
  readonly method: string;
  readonly path: string;
  readonly query: readonly string[];
}

const ROUTE_IN_TEXT = /`(GET|POST|PATCH|DELETE|PUT) (\/[^`?\s…]*)(?:\?([^`\s]*))?/g;
const URL_IN_CURL = /(?:https?:\/\/[^/'"\s]+|\$\{?[A-Z_]+\}?)(\/[^'"\s?]*)(?:\?([^'"\s]*))?/;

/** Query parameter names of `a=1&b=2` (a name without `=` counts too); the `…` of prose is no name. */
function names(query: string | undefined): string[] {
  if (!query) return [];
  return query.split('&').map((pair) => decodeURIComponent(pair.split('=')[0])).filter((name) => name && !name.includes('…'));
}

/** curl commands with their continuation lines joined, each with the line it starts on. */
function curlCommands(lines: readonly string[]): Array<{ line: number; text: string }> {
  const commands: Array<{ line: number; text: string }> = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!/^\s*curl\s/.test(lines[index])) continue;
    let text = lines[index];
    let end = index;
    // A quoted body may span lines: keep joining while the line ends with a backslash or a quote is open.
    while ((/\\\s*$/.test(lines[end]) || (text.split("'").length - 1) % 2 === 1) && end + 1 < lines.length) {
      end += 1;
      text = `${text.replace(/\\\s*$/, '')} ${lines[end]}`;
    }
    commands.push({ line: index + 1, text });
    index = end;
  }
  return commands;
}

function fromCurl(command: { line: number; text: string }): ReadmeCall | null {
  const url = URL_IN_CURL.exec(command.text);
  if (!url) return null;
  const method = /-X\s+([A-Z]+)/.exec(command.text)?.[1] ?? 'GET';
  const query = names(url[2]);
  // With -G, each --data-urlencode / -d pair is a query parameter.
  if (/\s-[a-zA-Z]*G/.test(command.text)) {
    for (const data of command.text.matchAll(/(?:--data-urlencode|-d)\s+['"]?([A-Za-z_]+)=/g)) query.push(data[1]);
  }
  return { line: command.line, method, path: url[1], query };
}

export function readmeCalls(markdown: string): ReadmeCall[] {
  const lines = markdown.split('\n');
  const calls: ReadmeCall[] = [];
  lines.forEach((text, index) => {
    for (const match of text.matchAll(ROUTE_IN_TEXT)) {
      calls.push({ line: index + 1, method: match[1], path: match[2], query: names(match[3]) });
    }
  });
  for (const command of curlCommands(lines)) {
    const call = fromCurl(command);
    if (call) calls.push(call);
  }
  return calls;
}
