import { describe, expect, it } from '@jest/globals';
import { PageQuery } from './page-query.dto.js';
import { crossFieldErrors } from './page-request.js';
import { viewportBoundsError } from './viewport-bounds.js';
import { validateDto } from '../../../common/validation/validate-dto.js';

describe('viewport and device_scale_factor bounds (decisions.md 7.2)', () => {
  it.each(['1x1', '4000x4000', '1920x1080'])('accepts %s', (viewport) => {
    expect(viewportBoundsError(viewport)).toBeNull();
  });

  it.each(['4001x1080', '1920x4001', '99999x99999', '0x10'])('refuses %s', (viewport) => {
    expect(viewportBoundsError(viewport)).toBe('viewport sides must be between 1 and 4000 pixels');
  });

  it('names viewport among the cross-field errors', () => {
    expect(crossFieldErrors({ viewport: '99999x99999' } as PageQuery)).toEqual({ viewport: ['viewport sides must be between 1 and 4000 pixels'] });
  });

  it.each(['0.4', '4.5', '5'])('refuses device_scale_factor=%s with 422 on the field', (dpr) => {
    expect(() => validateDto(PageQuery, { url: 'http://a.example', viewport: '800x600', device_scale_factor: dpr }, { allowUnknown: true }))
      .toThrow(expect.objectContaining({ code: 'validation_failed', details: { errors: { device_scale_factor: ['device_scale_factor must be between 0.5 and 4'] } } }));
  });

  it.each(['0x2', '1e0', ' 2', '2.', 'Infinity', '+2', '2,5'])('refuses device_scale_factor=%j, not a decimal number, with 422 on the field', (dpr) => {
    expect(() => validateDto(PageQuery, { url: 'http://a.example', viewport: '800x600', device_scale_factor: dpr }, { allowUnknown: true }))
      .toThrow(expect.objectContaining({ code: 'validation_failed', details: { errors: { device_scale_factor: expect.arrayContaining(['device_scale_factor must be a number']) } } }));
  });

  it.each(['0.5', '4', '1.25', '.75', '2'])('accepts device_scale_factor=%s', (dpr) => {
    expect(validateDto(PageQuery, { url: 'http://a.example', viewport: '800x600', device_scale_factor: dpr }, { allowUnknown: true }).device_scale_factor).toBe(Number(dpr));
  });
});
