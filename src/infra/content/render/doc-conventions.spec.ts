import { describe, expect, it } from '@jest/globals';
import { bodyRenderers } from '../../../../test/unit/support/render-body.js';

const PAGE = 'https://docs.example/guide/page.html';
const { markdown, text } = bodyRenderers(PAGE);

describe('documentation sites in 8.1 Markdown (decisions.md 9)', () => {
  it('drops Sphinx and MkDocs heading permalinks (a pilcrow linking to the heading)', () => {
    expect(markdown('<h1>Intro<a class="headerlink" href="#intro" title="Permalink to this heading">¶</a></h1><p>x</p>')).toBe('# Intro\n\nx');
    expect(markdown('<h2 id="setup">Setup<a class="headerlink" href="#setup" title="Permanent link">&para;</a></h2>')).toBe('## Setup');
    expect(text('<h2>Setup <a href="#setup">¶</a></h2>')).toBe('Setup');
  });

  it('drops Docusaurus hash links and GitHub anchors inside or beside a heading', () => {
    expect(markdown('<h2 class="anchor" id="install">Install<a href="#install" class="hash-link" aria-label="Direct link to Install">&#8203;</a></h2>')).toBe('## Install');
    expect(markdown('<h3><a id="user-content-usage" class="anchor" href="#usage"><svg class="octicon octicon-link"></svg></a>Usage</h3>')).toBe('### Usage');
    expect(markdown('<div class="markdown-heading"><h2 class="heading-element">Usage</h2><a id="user-content-usage" class="anchor" aria-label="Permalink: Usage" href="#usage"><svg class="octicon octicon-link"></svg></a></div>')).toBe('## Usage');
    expect(markdown(`<h2>Usage <a href="${PAGE}#usage">#</a></h2>`)).toBe('## Usage');
  });

  it('drops the permalink Sphinx writes in each definition term (a function, class or option)', () => {
    const term = '<dt class="sig sig-object py" id="json.dump"><span class="sig-prename descclassname"><span class="pre">json.</span></span>'
      + '<span class="sig-name descname"><span class="pre">dump</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n">'
      + '<span class="pre">obj</span></span></em><span class="sig-paren">)</span>'
      + '<a class="headerlink" href="#json.dump" title="Link to this definition">¶</a></dt>';
    const html = `<dl class="py function">${term}<dd><p>Serialize <em>obj</em>.</p></dd></dl>`;
    expect(markdown(html)).toBe('json.dump(_obj_)\n\nSerialize _obj_.');
    expect(text(html)).toBe('json.dump(obj)\n\nSerialize obj.');
    expect(markdown(`<dl><dt>dump <a href="${PAGE}#json.dump">#</a></dt><dd>x</dd></dl>`)).not.toContain('#');
  });

  it('keeps a pilcrow in a definition term that links to another page', () => {
    expect(markdown('<dl><dt>dump <a href="/json.html#json.dump">¶</a></dt><dd>x</dd></dl>')).toContain('[¶](https://docs.example/json.html#json.dump)');
  });

  it('keeps a heading link that says something, and a pilcrow that links elsewhere or stands outside a heading', () => {
    expect(markdown('<h2><a href="#api">The API</a></h2>')).toBe(`## [The API](${PAGE}#api)`);
    expect(markdown('<h2>API <a href="/other#api">¶</a></h2>')).toBe('## API [¶](https://docs.example/other#api)');
    expect(markdown('<p>See <a href="#api">#</a></p>')).toBe(`See [#](${PAGE}#api)`);
  });

  it("drops copy and prompt-toggle widgets: Python's copybutton, sphinx-copybutton, MkDocs Material, Docusaurus, GitHub", () => {
    const code = '<pre><span class="gp">&gt;&gt;&gt; </span>1 + 1\n2</pre>';
    expect(markdown(`<div class="highlight-python3"><div class="highlight"><span class="copybutton" title="Hide the prompts and output">&gt;&gt;&gt;</span>${code}</div></div>`))
      .toBe('```python3\n>>> 1 + 1\n2\n```');
    expect(markdown(`<div class="highlight">${code}<button class="copybtn o-tooltip--left" data-tooltip="Copy">copy</button></div>`)).toBe('```\n>>> 1 + 1\n2\n```');
    expect(markdown('<div class="language-python highlight"><pre><span></span><button class="md-clipboard md-icon" title="Copy to clipboard"></button><code>x = 1</code></pre></div>'))
      .toBe('```python\nx = 1\n```');
    expect(markdown('<div class="language-js codeBlockContainer"><pre class="prism-code language-js"><code>let a;</code></pre><div class="buttonGroup"><button type="button" aria-label="Copy code to clipboard" title="Copy" class="clean-btn">Copy</button></div></div>'))
      .toBe('```js\nlet a;\n```');
    expect(markdown('<div class="highlight highlight-source-shell notranslate"><pre>npm i</pre><div class="zeroclipboard-container"><clipboard-copy aria-label="Copy">Copy</clipboard-copy></div></div>'))
      .toBe('```shell\nnpm i\n```');
  });

  it("drops Prism's toolbar beside its code block (copy button, language label), and a copy-to-clipboard-button anywhere", () => {
    const toolbar = '<div class="toolbar"><div class="toolbar-item"><span>Bash</span></div><div class="toolbar-item"><button class="copy-to-clipboard-button" type="button"><span>Copy</span></button></div></div>';
    expect(markdown(`<div class="code-toolbar"><pre class="language-bash"><code class="language-bash">ls -la</code></pre>${toolbar}</div><p>Between.</p>`))
      .toBe('```bash\nls -la\n```\n\nBetween.');
    expect(markdown('<div class="highlight"><pre>x</pre><button class="copy-to-clipboard-button">Copy</button></div>')).toBe('```\nx\n```');
    expect(markdown('<div class="toolbar"><p>A toolbar outside a code block is no widget of one.</p></div>')).toBe('A toolbar outside a code block is no widget of one.');
  });

  it('names the fence from highlight-<lang>, language-<lang>, lang-<lang> and data-lang; Sphinx default and none name nothing', () => {
    expect(markdown('<pre class="lang-rust">fn a() {}</pre>')).toBe('```rust\nfn a() {}\n```');
    expect(markdown('<pre><code class="language-ts">let a: number;</code></pre>')).toBe('```ts\nlet a: number;\n```');
    expect(markdown('<pre data-lang="go">package a</pre>')).toBe('```go\npackage a\n```');
    expect(markdown('<div class="highlight-text-md"><pre># a</pre></div>')).toBe('```md\n# a\n```');
    expect(markdown('<div class="highlight-default notranslate"><div class="highlight"><pre>x</pre></div></div>')).toBe('```\nx\n```');
    expect(markdown('<div class="highlight-none"><pre>x</pre></div>')).toBe('```\nx\n```');
  });
});
