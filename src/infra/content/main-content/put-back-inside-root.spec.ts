import { parseDocument } from '../parse-document.js';
import { putBackInsideRoot } from './put-back-inside-root.js';
import { removeBoilerplate } from './remove-boilerplate.js';
import { measureText } from './text-stats.js';

/**
 * The site's category rails: most of a shop's page, so that the product grid is no wrapper of it. Asides, not a `nav`
 * and a `footer`: the clean step reads a share without the header, footer and menus (remove-boilerplate.ts).
 */
const LINKS = Array.from({ length: 20 }, (_, n) => `<a href="/c/${n}">Garden category ${n}</a>`).join('');
const MENUS = `<aside id="menu">${LINKS}</aside><aside id="foot">${LINKS}</aside>`;
const CARDS = Array.from({ length: 8 }, (_, n) => `<a href="/p/${n}">Robotic lawn mower KR${n}, quarter-acre, $2,099.99</a>`).join('');

/** The ids under the body once the clean step ran and the chosen container (`#root`, or the body) had its second look. */
function left(body: string, rootId?: string): { put: boolean; ids: string[] } {
  const document = parseDocument(`<body>${body}${MENUS}</body>`);
  const removed = removeBoilerplate(document.body, measureText(document.body));
  const root = rootId ? document.getElementById(rootId)! : document.body;
  const put = putBackInsideRoot(root, document.body, measureText(document.body), removed);
  return { put, ids: [...document.body.querySelectorAll('[id]')].map((element) => element.id) };
}

describe('putBackInsideRoot', () => {
  it('puts back a large block that the clean step removed for its name from inside a container that kept almost nothing', () => {
    const page = `<header id="top">Shop</header><div id="root" class="entry-content"><h1 id="h">Mowers</h1>
      <section id="grid" class="related-product">${CARDS}</section><div id="crumbs" class="breadcrumbs">Home / Mowers</div></div>`;
    expect(left(page, 'root')).toEqual({ put: true, ids: ['root', 'h', 'grid'] });
  });

  it('leaves out hidden blocks and blocks removed for their tag, and does nothing when the container is the body or holds enough', () => {
    const hidden = `<div id="root"><h1 id="h">Mowers</h1><div id="hid" class="related" hidden>${CARDS}</div><nav id="nav">${CARDS}</nav></div>`;
    expect(left(hidden, 'root')).toEqual({ put: false, ids: ['root', 'h'] });
    expect(left(`<h1 id="h">Mowers</h1><section id="grid" class="related-product">${CARDS}</section>`)).toEqual({ put: false, ids: ['h'] });
    const enough = `<div id="root"><p id="p">${'Our mowers cut the grass on their own. '.repeat(10)}</p><section id="grid" class="related">${CARDS}</section></div>`;
    expect(left(enough, 'root')).toEqual({ put: false, ids: ['root', 'p'] });
  });
});
