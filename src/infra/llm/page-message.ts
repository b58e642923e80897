import type { ChatMessage } from './llm.client.js';

/**
 * The page as the model is handed it: Markdown between <page> and </page>, in a user message of its own (the system
 * prompts say it is data). A page that writes a closing tag of its own, in any case or spacing (`</PAGE >`), must not
 * end the block early: its `</` is escaped.
 */
export function pageMessage(pageMarkdown: string): ChatMessage {
  const page = pageMarkdown.replace(/<\/(page\s*>)/gi, '<\\/$1');
  return { role: 'user', content: `<page>\n${page}\n</page>` };
}
