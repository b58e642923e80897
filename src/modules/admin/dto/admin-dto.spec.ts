import { describe, expect, it } from '@jest/globals';
import { validateDto } from '../../../common/validation/validate-dto.js';
import { CreateOrganizationDto } from './create-organization.dto.js';
import { GrantCreditsDto } from './grant-credits.dto.js';
import { UpdateOrganizationDto } from './update-organization.dto.js';
import { fieldErrorsOf } from '../../../../test/unit/support/field-errors.js';

const invalidFields = (run: () => unknown): string[] => Object.keys(fieldErrorsOf(run)).sort();

describe('CreateOrganizationDto', () => {
  it('accepts a name alone, trimmed', () => {
    expect({ ...validateDto(CreateOrganizationDto, { name: ' acme ' }) }).toEqual({ name: 'acme', plan: undefined, credits: undefined });
  });

  it('refuses unknown plans, fractional, negative or null credits, a blank name and unknown fields', () => {
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: 'a', plan: 'gold' }))).toEqual(['plan']);
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: 'a', credits: 1.5 }))).toEqual(['credits']);
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: 'a', credits: -1 }))).toEqual(['credits']);
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: 'a', credits: null }))).toEqual(['credits']);
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: 'a', credits: '5' }))).toEqual(['credits']);
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: '  ' }))).toEqual(['name']);
    expect(invalidFields(() => validateDto(CreateOrganizationDto, { name: 'a', balance: 5 }))).toEqual(['balance']);
  });

  it('names a bad number once, not once per rule', () => {
    expect(() => validateDto(CreateOrganizationDto, { name: 'a', credits: 'lots' })).toThrow(
      expect.objectContaining({ details: { errors: { credits: ['credits must be an integer from 0 to 1000000000'] } } }),
    );
  });
});

describe('UpdateOrganizationDto', () => {
  it('accepts counts, null and "unlimited"', () => {
    expect(validateDto(UpdateOrganizationDto, { concurrency: null, daily_limit: 'unlimited' })).toMatchObject({ concurrency: null, daily_limit: 'unlimited' });
    expect(validateDto(UpdateOrganizationDto, { plan: 'enterprise', concurrency: 3, daily_limit: 0 })).toMatchObject({ daily_limit: 0 });
  });

  it('refuses a null plan, zero concurrency, a negative or textual daily limit', () => {
    expect(invalidFields(() => validateDto(UpdateOrganizationDto, { plan: null }))).toEqual(['plan']);
    expect(invalidFields(() => validateDto(UpdateOrganizationDto, { concurrency: 0 }))).toEqual(['concurrency']);
    expect(invalidFields(() => validateDto(UpdateOrganizationDto, { daily_limit: -1 }))).toEqual(['daily_limit']);
    expect(invalidFields(() => validateDto(UpdateOrganizationDto, { daily_limit: '10' }))).toEqual(['daily_limit']);
  });
});

describe('GrantCreditsDto', () => {
  it('accepts negative corrections', () => {
    expect(validateDto(GrantCreditsDto, { amount: -50, reason: 'correction' })).toMatchObject({ amount: -50 });
  });

  it('refuses zero, fractions and a missing reason', () => {
    expect(invalidFields(() => validateDto(GrantCreditsDto, { amount: 0, reason: 'x' }))).toEqual(['amount']);
    expect(invalidFields(() => validateDto(GrantCreditsDto, { amount: 2.5, reason: 'x' }))).toEqual(['amount']);
    expect(invalidFields(() => validateDto(GrantCreditsDto, { amount: 5 }))).toEqual(['reason']);
  });
});
