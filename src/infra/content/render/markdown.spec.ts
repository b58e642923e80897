import { describe, expect, it } from '@jest/globals';
import { bodyRenderers } from '../../../../test/unit/support/render-body.js';

const BASE = 'https://example.com/base/page';
const { markdown, text } = bodyRenderers(BASE);

const code = 'function f() {\n  return 1;\n}\n\n\nf();';

// [rule, HTML body, its Markdown]
const markdownOf: ReadonlyArray<[string, string, string]> = [
  [
    'writes ATX headings at their level, with inline marks',
    '<h1>Title <em>here</em></h1><h3>Third</h3><h6> </h6>',
    '# Title _here_\n\n### Third',
  ],
  [
    'writes strong, emphasis, strikethrough and inline code, spaces outside the marks',
    '<p>a<b> bold </b>and <i>it</i>, <del>gone</del> <code>a`b</code> <strong></strong>end</p>',
    'a **bold** and _it_, ~~gone~~ ``a`b`` end',
  ],
  [
    'marks emphasis inside a word with * (CommonMark reads no _ there), and a lazy image by its data-src',
    '<p>un<em>frigging</em>believable, <em>apart</em> <img src="data:image/gif;base64,R0lGOD" data-src="/real.png" alt="Lazy"></p>',
    'un*frigging*believable, _apart_ ![Lazy](https://example.com/real.png)',
  ],
  [
    'makes links and images absolute against the final URL; javascript: links keep their text only',
    '<p><a href="/x?a=1#f">one [1]</a> <a href="javascript:alert(1)">two</a> <a href="../y">three</a> <img src="img/a b.png" alt="An image"></p>',
    '[one \\[1\\]](https://example.com/x?a=1#f) two [three](https://example.com/y) ![An image](https://example.com/base/img/a%20b.png)',
  ],
  [
    'numbers ordered lists from their start, indents nested lists under their item',
    '<ul><li>one</li><li>two<ul><li>two.a</li><li>two.b<ol start="3"><li>three</li><li>four</li></ol></li></ul></li></ul><ol start="5"><li>five</li><li value="9">nine</li><li>ten</li></ol>',
    '- one\n- two\n  - two.a\n  - two.b\n    3. three\n    4. four\n\n5. five\n9. nine\n10. ten',
  ],
  [
    'counts a reversed list down, from its item count or its start',
    '<ol reversed><li>three</li><li>two</li><li>one</li></ol><p>and</p><ol reversed start="10"><li>ten</li><li>nine</li></ol>',
    '3. three\n2. two\n1. one\n\nand\n\n10. ten\n9. nine',
  ],
  [
    "writes list numbers CommonMark reads as such (0 to 999,999,999): the nearest, never a sign or a tenth digit",
    '<ol start="2024000000"><li>big</li></ol><p>and</p><ol reversed start="1"><li>one</li><li>zero</li><li>below</li></ol>',
    '999999999. big\n\nand\n\n1. one\n0. zero\n0. below',
  ],
  [
    'keeps an item of several paragraphs together, a blank line between them',
    '<ol><li><p>para one</p><p>para two</p></li><li>six</li></ol>',
    '1. para one\n\n   para two\n2. six',
  ],
  [
    'shows what a list holds outside its items in place, apart from the items (a browser shows it)',
    '<ul><strong>Minimum:</strong><br><ul><li>OS: Windows 10</li><li>RAM: 4 GB</li></ul></ul><ol start="2"><li>two</li>text<li>three</li></ol>',
    '**Minimum:**\n\n- OS: Windows 10\n- RAM: 4 GB\n\n2. two\n\ntext\n\n3. three',
  ],
  [
    'fences code with its language, keeping the whitespace of <pre> exactly',
    `<pre class="lang-ts">${code}\n</pre><pre><code class="language-js">\`\`\`x</code></pre>`,
    `\`\`\`ts\n${code}\n\`\`\`\n\n\`\`\`\`js\n\`\`\`x\n\`\`\`\``,
  ],
  [
    'quotes every line of a blockquote',
    '<blockquote><p>Quoted</p><p>Second <b>line</b></p></blockquote>',
    '> Quoted\n>\n> Second **line**',
  ],
  [
    'writes data tables as GFM pipe tables with a header row, layout tables as their blocks',
    '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>A|B</td><td><a href="/p">$1</a></td></tr><tr><td colspan="2">wide</td></tr></tbody></table><table><tr><td><p>layout</p><p>cell</p></td></tr></table>',
    '| Name | Price |\n| --- | --- |\n| A\\|B | [$1](https://example.com/p) |\n| wide |  |\n\nlayout\n\ncell',
  ],
  [
    'keeps a data table with a header row a pipe table when a cell holds a table, that table flattened into the cell',
    '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>Size</td><td><table><tr><td>w</td><td>10</td></tr><tr><td>h</td><td>20</td></tr></table></td></tr><tr><td>Color</td><td>red</td></tr></tbody></table><table><tr><th>A</th><th>B</th></tr><tr><td><table><tr><td>x</td><td>y</td></tr></table></td><td>2</td></tr></table>',
    '| Name | Value |\n| --- | --- |\n| Size | w 10 h 20 |\n| Color | red |\n\n| A | B |\n| --- | --- |\n| x y | 2 |',
  ],
  [
    'reads a table without a header row that holds a table as layout: its cells as blocks',
    '<table><tr><td><p>nav</p></td><td><table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>',
    'nav\n\n| k | v |\n| --- | --- |\n| 1 | 2 |',
  ],
  [
    'escapes what would read as markup, never snake_case',
    '<p># not heading</p><p>1. not a list</p><p>- no</p><p>snake_case *star* _under_</p>',
    '\\# not heading\n\n1\\. not a list\n\n\\- no\n\nsnake_case \\*star\\* \\_under\\_',
  ],
  [
    'keeps every underscore of a dunder path: a run beside punctuation is escaped, one inside a word is not',
    '<p>See <a href="/json">Lib/json/__init__.py</a> and <em>__all__</em>, a_b.</p>',
    'See [Lib/json/\\_\\_init\\_\\_.py](https://example.com/json) and _\\_\\_all\\_\\__, a_b.',
  ],
  [
    'escapes text that CommonMark would read as raw HTML, a comment, an autolink or a link; keeps lone brackets and `<` bare',
    '<p>&lt;div class="x"&gt; &lt;MIME&gt;/globs &lt;!-- fake comment --&gt; &lt;/p&gt; &lt;?php &lt;https://a.example&gt; [brackets](paren) [ref][x] [1] a &lt; b x&lt;3</p><p>[label]: /url</p>',
    '\\<div class="x"> \\<MIME>/globs \\<!-- fake comment --> \\</p> \\<?php \\<https://a.example> [brackets\\](paren) [ref\\][x] [1] a < b x<3\n\n[label\\]: /url',
  ],
  [
    'escapes a link, tag or image split between text nodes, and brackets in link text and alt text',
    '<p>[x]<span>(y)</span> a &lt;<span>b&gt;</span> Hi!<a href="/l">l</a> <a href="/t">&lt;b&gt; [t](u)</a> <img src="/i.png" alt="a](b) &lt;c&gt;"></p>',
    '[x\\](y) a \\<b> Hi\\![l](https://example.com/l) [\\<b> \\[t\\](u)](https://example.com/t) ![a\\](b) \\<c>](https://example.com/i.png)',
  ],
  [
    'drops scripts, styles, comments, hidden elements and form controls; never two blank lines in a row',
    '<p>a</p><script>bad()</script><style>.x{}</style><!-- c --><p hidden>h</p><div style="display: none">n</div><input value="v"><br><br><div><div></div></div><p>b<br><br>c</p><hr>',
    'a\n\nb\\\nc\n\n---',
  ],
  [
    'drops a paragraph or a line of zero-width characters only (it shows nothing), and keeps them inside text (an emoji sequence)',
    '<p>a</p><p>\u200d</p><p>\u200b \u2060<br>b</p><p>\ufeff\u00a0</p><p>\u{1F468}\u200d\u{1F469} c</p>',
    'a\n\nb\n\n\u{1F468}\u200d\u{1F469} c',
  ],
  [
    'separates blocks and keeps inline runs of divs and spans',
    '<div>div text<span> span</span><div>inner</div>tail</div>',
    'div text span\n\ninner\n\ntail',
  ],
];

// [rule, HTML body, its text]
const textOf: ReadonlyArray<[string, string, string]> = [
  [
    'writes the same blocks as plain lines: no marks, links and images as their text',
    '<h2>Head <em>x</em></h2><p>See <a href="/a">the *link*</a> and <img src="/i.png" alt="alt text">.<br>Next</p><blockquote><p>q</p></blockquote><hr><pre><code>a\n  b</code></pre>',
    'Head x\n\nSee the *link* and alt text.\nNext\n\nq\n\na\n  b',
  ],
  [
    'writes one line per list item and one per table row, cells separated by a tab',
    '<ul><li><p>a</p><p>b</p><ol><li>c</li></ol></li><li>d<pre>x = 1\ny = 2</pre></li></ul><table><tr><th>h1</th><th>h2</th></tr><tr><td>1</td><td>2</td></tr></table>',
    '- a b\n  1. c\n- d x = 1 y = 2\n\nh1\th2\n1\t2',
  ],
  [
    'writes a data table holding a table one line per row, the inner table flattened into its cell',
    '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tr><td>Size</td><td><table><tr><td>w</td><td>10</td></tr></table></td></tr></table>',
    'Name\tValue\nSize\tw 10',
  ],
];

describe('renderMarkdown (decisions.md 8.1)', () => {
  it.each(markdownOf)('%s', (_rule, html, expected) => {
    expect(markdown(html)).toBe(expected);
  });
});

describe('renderText (decisions.md 8.1)', () => {
  it.each(textOf)('%s', (_rule, html, expected) => {
    expect(text(html)).toBe(expected);
  });
});
