import { describe, expect, it } from '@jest/globals';
import type { JsonLdNode } from './json-ld.js';
import { jsonLdPage, websiteName } from './json-ld-page.js';

const names = (nodes: readonly JsonLdNode[]) => nodes.map((node) => node.name);

describe('jsonLdPage: the JSON-LD nodes that describe the page, and the site\'s', () => {
  it('ranks the main entity first, then the page node, then the rest; site-wide nodes apart', () => {
    const org = { '@type': 'Organization', name: 'Org' };
    const site = { '@type': 'schema:WebSite', name: 'Site' };
    const webPage = { '@type': 'CollectionPage', name: 'Page', mainEntity: { '@id': '#item' } };
    const other = { '@type': 'Event', name: 'Event' };
    const item = { '@type': ['Product', 'Thing'], '@id': '#item', name: 'Item' };
    const person = { '@type': 'Person', name: 'Ann' };
    const ld = jsonLdPage([org, site, webPage, other, item, person], [{ '@id': '#item' }]);
    expect(names(ld.page)).toEqual(['Item', 'Page', 'Event']);
    expect(names(ld.site)).toEqual(['Org', 'Site', 'Ann']);
    expect(websiteName(ld.site)).toBe('Site');
  });

  it('takes a node that says it is a main entity (mainEntityOfPage), and resolves references by @id', () => {
    const article = { '@type': 'Article', name: 'Story', mainEntityOfPage: { '@id': '#page' } };
    const page = { '@type': 'WebPage', '@id': '#page', name: 'Story - Site', url: 'https://x.example/story' };
    const ld = jsonLdPage([page, article], []);
    expect(names(ld.page)).toEqual(['Story', 'Story - Site']);
    expect(ld.resolve({ '@id': '#page' })).toBe(page);
    expect(ld.resolve({ '@id': '#nowhere' })).toEqual({ '@id': '#nowhere' });
  });
});
