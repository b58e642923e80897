import { parseDocument } from '../parse-document.js';
import { selectMainContent } from './select-main-content.js';

const PROSE = `<p>${'The module documents its functions in plain words for every reader. '.repeat(8)}</p>`;
const keptText = (html: string) => selectMainContent(parseDocument(html)).map((element) => element.textContent ?? '').join('\n');

describe('the words the clean step judges elements by (naming-words.ts)', () => {
  it('never reads a highlighter token class inside a pre as boilerplate: code comments stay in the listing', () => {
    const text = keptText(`<body><nav>Home</nav><article><h1>Paths</h1>${PROSE}
      <pre><code class="language-js">path.basename('/a/b.html');
<span class="hljs-comment">// Returns: 'b.html'</span>
<span class="token comment">/* prism */</span></code></pre>${PROSE}</article><footer>Legal</footer></body>`);
    expect(text).toContain("// Returns: 'b.html'");
    expect(text).toContain('/* prism */');
    expect(text).not.toMatch(/Home|Legal/);
  });

  it('reads a section id made from its own heading as an anchor: sections titled Comments, Cookie Objects or Related stay', () => {
    const section = (id: string, title: string, body: string) => `<section id="${id}"><span id="id1"></span><h2><span class="section-number">2.1.3. </span>${title}<a class="headerlink" href="#${id}">¶</a></h2><p>${body} ${PROSE}</p></section>`;
    const text = keptText(`<body><div class="body" role="main"><h1>Lexical analysis</h1>${PROSE}
      ${section('comments', 'Comments', 'A comment starts with a hash character.')}
      ${section('cookie-objects', 'Cookie Objects', 'BaseCookie.value_decode(val) returns a tuple.')}
      ${section('new-features-related-to-type-hints', 'New Features Related to Type Hints', 'PEP 646 adds variadic generics.')}
      </div></body>`);
    expect(text).toContain('A comment starts with a hash character.');
    expect(text).toContain('BaseCookie.value_decode(val)');
    expect(text).toContain('PEP 646 adds variadic generics.');
  });

  it('reads the ids of headings and definition terms as anchors: an API named decode_header keeps its signature', () => {
    const text = keptText(`<body><main><h1>email.header</h1>${PROSE}<dl class="py function"><dt class="sig sig-object py" id="email.header.decode_header">
      email.header.decode_header(header)</dt><dd>${PROSE}</dd></dl><h2 id="related-functions">Related functions</h2>${PROSE}</main></body>`);
    expect(text).toContain('email.header.decode_header(header)');
    expect(text).toContain('Related functions');
  });

  it('still reads a layout id: a comment thread under its own heading goes', () => {
    const text = keptText(`<body><article><h1>A post</h1>${PROSE}${PROSE}</article>
      <div id="comments"><h2>3 thoughts on “A post”</h2><p>Great post, thanks for writing it!</p></div></body>`);
    expect(text).not.toContain('Great post');
  });
});
