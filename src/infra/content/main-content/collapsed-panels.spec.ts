import { parseDocument } from '../parse-document.js';
import { isCollapsedPanel } from './collapsed-panels.js';

const element = (attributes: string) => parseDocument(`<html><body><div ${attributes}>x</div></body></html>`).querySelector('div')!;

describe('isCollapsedPanel', () => {
  it('is a hidden tab or accordion panel, by ARIA role or toolkit class', () => {
    expect(isCollapsedPanel(element('role="tabpanel" hidden'))).toBe(true);
    expect(isCollapsedPanel(element('role="region" style="display:none"'))).toBe(true);
    expect(isCollapsedPanel(element('class="tab-pane fade" style="display: none"'))).toBe(true);
    expect(isCollapsedPanel(element('class="accordion-content" aria-hidden="true"'))).toBe(true);
    expect(isCollapsedPanel(element('class="panel-collapse collapse" hidden'))).toBe(true);
  });

  it('is not a shown panel, a hidden dialog or menu, or a hidden block of another name', () => {
    expect(isCollapsedPanel(element('role="tabpanel"'))).toBe(false);
    expect(isCollapsedPanel(element('role="dialog" hidden'))).toBe(false);
    expect(isCollapsedPanel(element('class="tab-pane" role="menu" hidden'))).toBe(false);
    expect(isCollapsedPanel(element('class="promo-box" hidden'))).toBe(false);
  });
});
