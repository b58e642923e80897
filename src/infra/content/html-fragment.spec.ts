import { describe, expect, it } from '@jest/globals';
import { renderHtmlFragment } from './html-fragment.js';
import { parseDocument } from './parse-document.js';
import { bodyRenderers } from '../../../test/unit/support/render-body.js';

const fragment = (body: string) => renderHtmlFragment([parseDocument(`<html><body>${body}</body></html>`).body.firstElementChild!], 'https://site.example/a/');

describe('renderHtmlFragment: no script in the fragment (decisions.md 8.1)', () => {
  it('drops a javascript: URL in a prefixed attribute (xlink:href), whatever its case', () => {
    expect(fragment('<div><svg><a xlink:href="javascript:alert(document.domain)"><text>x</text></a><a XLINK:HREF="javascript:alert(1)"><text>y</text></a></svg></div>'))
      .toBe('<div><svg><a><text>x</text></a><a><text>y</text></a></svg></div>');
    expect(fragment('<p><svg><a xlink:href="/b"><text>b</text></a></svg></p>')).toBe('<p><svg><a xlink:href="https://site.example/b"><text>b</text></a></svg></p>');
  });

  it('drops SVG animations, which could set a link\'s href to javascript:', () => {
    expect(fragment('<div><svg><a href="/x"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/><animateMotion dur="1s"/><text>x</text></a></svg></div>'))
      .toBe('<div><svg><a href="https://site.example/x"><text>x</text></a></svg></div>');
  });

  it('drops a link\'s or a form\'s data: and vbscript: URL (a click runs them), keeps every other scheme; an image\'s data: URL stays', () => {
    expect(fragment('<div><a href="data:text/html,<script>alert(1)</script>">d</a><a href="mailto:a@b.example">m</a><a href="tel:+1">t</a><img src="data:image/png;base64,AAAA"><form action="data:text/html,x"><button formaction="vbscript:x">b</button></form></div>'))
      .toBe('<div><a>d</a><a href="mailto:a@b.example">m</a><a href="tel:+1">t</a><img src="data:image/png;base64,AAAA"><form><button>b</button></form></div>');
    expect(fragment('<p><a href="ftp://ftp.example/f.iso">f</a><a href="sms:+1">s</a></p>')).toBe('<p><a href="ftp://ftp.example/f.iso">f</a><a href="sms:+1">s</a></p>');
  });

  it('is the rule Markdown follows too (isUnsafeLinkUrl): the same links kept, the same dropped to their text', () => {
    const { markdown } = bodyRenderers('https://site.example/a/');
    expect(markdown('<p><a href="ftp://ftp.example/f.iso">f</a> <a href="data:text/html,x">d</a> <a href="vbscript:x">v</a> <a href="javascript:x">j</a></p>')).toBe('[f](ftp://ftp.example/f.iso) d v j');
  });
});

describe('renderHtmlFragment: url() in a style attribute', () => {
  it('makes each url() absolute, quoted either way or not, spaces inside allowed', () => {
    expect(fragment(`<p style="a:url( 'x.png' ); b:url(&quot;/y.png&quot;); c:url(z.png); d:url(JavaScript:x)">p</p>`))
      .toBe(`<p style="a:url('https://site.example/a/x.png'); b:url(&quot;https://site.example/y.png&quot;); c:url(https://site.example/a/z.png); d:url()">p</p>`);
  });

  it('reads an attribute of many unclosed url( in linear time', () => {
    const style = (value: string) => `<p style="${value}">p</p>`;
    const started = Date.now();
    expect(fragment(style("url('x'".repeat(20_000)))).toBe(style("url('x'".repeat(20_000)));
    expect(fragment(style('url('.repeat(20_000)))).toBe(style('url('.repeat(20_000)));
    expect(fragment(style(`url(${' '.repeat(80_000)}`))).toBe(style(`url(${' '.repeat(80_000)}`));
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
