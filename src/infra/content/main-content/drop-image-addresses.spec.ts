import { idsLeftBy } from '../../../../test/unit/support/step-ids.js';
import { dropImageAddresses } from './drop-image-addresses.js';

const drop = (body: string): string[] => idsLeftBy(dropImageAddresses, body);

describe('dropImageAddresses', () => {
  it('drops a field whose whole text is an image file\'s address, and keeps its name and the other fields', () => {
    const fields = `<dl id="fields"><dt id="name">cat_thumb_Bone:</dt>
      <dd id="thumb">https://cdn11.example.com/images/160x160/5001_STAPLE_TEE_BONE_THUMB_1.jpg?c=1</dd>
      <dt id="fit-name">Fit:</dt><dd id="fit">Regular Fit - 5.3 oz</dd></dl>`;
    expect(drop(fields)).toEqual(['fields', 'name', 'fit-name', 'fit']);
  });

  it('keeps a link to an image, an address among words, and a page\'s address', () => {
    const link = '<p id="link"><a id="a" href="https://example.com/cat.jpg">https://example.com/cat.jpg</a></p>';
    const words = '<p id="words">See https://example.com/cat.jpg for the photo.</p>';
    const page = '<p id="page">https://example.com/guide.html</p>';
    expect(drop(`${link}${words}${page}`)).toEqual(['link', 'a', 'words', 'page']);
  });
});
