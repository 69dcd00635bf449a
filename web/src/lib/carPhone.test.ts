import { describe, expect, it } from 'vitest';
import phoneCases from '../../../shared/testdata/vectors/car_phone.json';
import { carPhone, maskPhone, telHref } from './carPhone';
import type { Car } from './types';

describe('car phone vectors (spec 001 §8 fallback order)', () => {
  it.each(phoneCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(carPhone(c.input.car as Pick<Car, 'car_type' | 'location'>, c.input.site.phones)).toBe(c.want.phone);
  });
});

describe('phone display (spec 000 §4 phone reveal)', () => {
  it('masks all but the first four digits, keeping the spacing', () => {
    expect(maskPhone('07 3000 0002')).toBe('07 30XX XXXX');
    expect(maskPhone('1300 555 123')).toBe('1300 XXX XXX');
  });
  it('dials digits only, keeping an international plus', () => {
    expect(telHref('07 3000 0002')).toBe('tel:0730000002');
    expect(telHref('+61 (7) 3000-0002')).toBe('tel:+61730000002');
  });
});
