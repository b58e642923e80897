import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropSkipLinks } from './drop-skip-links.js';

const drop = (body: string): string[] => idsLeftBy((root) => dropSkipLinks(root), body);

describe('dropSkipLinks', () => {
  it('drops a same-page link that says "Skip to content", and keeps the content it skips to', () => {
    const skip = '<a id="skip" class="sr-only" href="#search-results"> Skip to search results</a>';
    const jump = '<a id="jump" href="#MainContent"><span>Jump to content</span></a>';
    expect(drop(`${skip}${jump}<div id="search-results"><p id="hit">Bike helmets</p></div>`)).toEqual(['search-results', 'hit']);
  });

  it('drops a same-page link back up ("Back to Project", "Return to top"), keeping the section it ends', () => {
    const entry = '<section id="project"><p id="entry">Jessica Helfand House</p><p id="end"><a id="back" href="#project">Back to Project</a></p></section>';
    const top = '<a id="top" href="#">Return to Top</a>';
    expect(drop(`${entry}${top}`)).toEqual(['project', 'entry', 'end']);
  });

  it('keeps a link elsewhere that says so, and a same-page link that says something else', () => {
    const elsewhere = '<a id="elsewhere" href="/guide">Skip to the guide</a>';
    const section = '<a id="section" href="#sizes">Size chart</a>';
    const store = '<a id="store" href="/shop">Back to the shop</a>';
    expect(drop(`${elsewhere}${section}${store}`)).toEqual(['elsewhere', 'section', 'store']);
  });
});
