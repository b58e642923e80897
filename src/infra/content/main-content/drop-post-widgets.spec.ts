import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropPostWidgets } from './drop-post-widgets.js';

const PROSE = `<p id="story">${'Prose of the story that is long enough to matter. '.repeat(12)}</p>`;
const teaser = (n: number, excerpt: boolean): string =>
  `<article class="elementor-post"><h3><a href="/p${n}">Post ${n}</a></h3>${excerpt ? '<div class="elementor-post__excerpt"><p>An excerpt of the post.</p></div>' : ''}<a>Read More</a></article>`;

const ids = (body: string): string[] => idsLeftBy(dropPostWidgets, body);

describe('dropPostWidgets', () => {
  it('drops an Elementor posts widget with excerpts beside the story', () => {
    expect(ids(`${PROSE}<div id="w" class="elementor-widget elementor-widget-posts">${teaser(1, true)}${teaser(2, true)}</div>`)).toEqual(['story']);
  });

  it('keeps a grid of titles alone, and a widget that is most of the content (a blog\'s listing)', () => {
    expect(ids(`${PROSE}<div id="w" class="elementor-widget-posts">${teaser(1, false)}</div>`)).toEqual(['story', 'w']);
    expect(ids(`<p id="lead">Our blog.</p><div id="w" class="elementor-widget-posts">${teaser(1, true)}${teaser(2, true)}</div>`))
      .toEqual(['lead', 'w']);
  });
});
