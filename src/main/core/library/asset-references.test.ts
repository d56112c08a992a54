import { describe, expect, it } from 'vitest';
import { referenceAddresses } from './asset-references';

describe('referenceAddresses', () => {
  it('finds every web address of a request with where it sits, in order', () => {
    const request = {
      model: 'gen-image-2',
      prompt: 'see https://example.com in the prompt',
      image_urls: ['https://gw.example/u/a.png', 'http://gw.example/u/b.png'],
      mask_url: 'https://gw.example/u/mask.png',
      metadata: { first_frame: { url: 'https://gw.example/u/frame.jpg' } },
      size: '1024x1024',
    };
    expect(referenceAddresses(request)).toEqual([
      { field: 'image_urls[1]', url: 'https://gw.example/u/a.png' },
      { field: 'image_urls[2]', url: 'http://gw.example/u/b.png' },
      { field: 'mask_url', url: 'https://gw.example/u/mask.png' },
      { field: 'metadata.first_frame.url', url: 'https://gw.example/u/frame.jpg' },
    ]);
  });

  it('ignores text that only mentions an address, Base64 data and requests without references', () => {
    expect(referenceAddresses({ prompt: 'a lighthouse', image_urls: ['data:image/png;base64,AAAA', 'iVBORw0KGgo'] })).toEqual([]);
    expect(referenceAddresses(null)).toEqual([]);
    expect(referenceAddresses('https://not-in-a-field.example')).toEqual([]);
  });
});
