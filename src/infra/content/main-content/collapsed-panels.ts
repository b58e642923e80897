import { isHidden } from '../hidden.js';

/** Roles of the panels of a tab list or an accordion (WAI-ARIA APG: Tabs, Accordion). */
const PANEL_ROLES = new Set(['tabpanel', 'region']);
/** Class words of tab and accordion panels in the common toolkits (Bootstrap, Foundation, jQuery UI, Elementor, WooCommerce). */
const PANEL_NAMES = /(^|[-_\s])(tab-?pane|tab-?panel|tabs?-content|tab-body|accordion-?(content|body|panel|inner|collapse)?|collaps(e|ible)|panel-collapse|expandable)(?=$|[-_\s])/i;

/**
 * A collapsed panel: a hidden tab or accordion panel, whose text the reader opens with one click (a product's
 * specifications, a service's FAQ answers). Its text is the page's, so it is revealed, not dropped as hidden.
 */
export function isCollapsedPanel(element: Element): boolean {
  if (!isHidden(element) && element.getAttribute('aria-hidden') !== 'true') return false;
  const role = element.getAttribute('role');
  if (role !== null) return PANEL_ROLES.has(role.toLowerCase());
  return PANEL_NAMES.test(element.getAttribute('class') ?? '');
}
