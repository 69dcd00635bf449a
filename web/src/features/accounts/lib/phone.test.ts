import { describe, expect, it } from 'vitest';
import { withoutTrunkZero } from './phone';

// Spec 000 §6: shoppers sign in with their phone number.
describe('withoutTrunkZero', () => {
  it.each([
    ['the trunk 0 typed after +61 goes', '+610412345678', '+61412345678'],
    ['a number typed without it stays', '+61412345678', '+61412345678'],
    ['a landline with its trunk 0', '+610298765432', '+61298765432'],
    ['another country is left alone', '+6401234567', '+6401234567'],
    ['a US number is left alone', '+15550100', '+15550100'],
  ])('%s', (_, input, want) => {
    expect(withoutTrunkZero(input)).toBe(want);
  });
});
