/** Alt texts of images that say nothing about the content: logos, icons, avatars, placeholders. */
const DECORATIVE_ALT = /\b(logo|icon|avatar|profile (photo|picture|image)|author|placeholder|spinner|loading|badge|sprite|primary image|thumbnail)\b/i;
/** How far up an image's card is looked for text that already says what its alt says. */
const CARD_DEPTH = 6;

/**
 * The text format renders an image as its alt text; a decorative image, or one whose alt repeats the text of the
 * card or link it sits in (a product grid's name under its picture), would only repeat or add noise, so it goes.
 */
export function dropRedundantImages(root: Element): void {
  for (const image of [...root.querySelectorAll('img[alt]')]) {
    const alt = normalize(image.getAttribute('alt') ?? '');
    if (alt === '') continue;
    if (DECORATIVE_ALT.test(alt) || repeatedNearby(image, alt)) image.remove();
  }
}

function repeatedNearby(image: Element, alt: string): boolean {
  let card: Element | null = image.parentElement;
  for (let depth = 0; card && depth < CARD_DEPTH; depth += 1, card = card.parentElement) {
    if (normalize(card.textContent ?? '').includes(alt)) return true;
  }
  return false;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
