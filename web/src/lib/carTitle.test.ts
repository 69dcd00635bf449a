import { describe, expect, it } from 'vitest';
import type { Car } from './types';
import { fixture } from '../test/fixtures';
import { carTitle, imageOf } from './carTitle';

const car = (extra: Partial<Car> = {}): Car =>
  fixture<Car>({
    id: 'c',
    slug: 'c',
    year: 2016,
    make: 'Mazda',
    model: 'CX-5',
    car_type: 'used',
    status: 'in_stock',
    ...extra,
  });

describe('card title (spec 000 §2)', () => {
  it('is year make model', () => {
    expect(carTitle(car({ name: 'ignored', colour: 'Red' }))).toBe('2016 Mazda CX-5');
  });

  it('extends with name, colour, gears, transmission and body configuration without repeating itself', () => {
    expect(
      carTitle(
        car({
          name: '2016 Mazda CX-5 Akera AWD',
          colour: 'Deep Crystal Blue',
          simple_transmission: 'Automatic',
          variant: { geartype: 'Automatic', bodyconfiguration: 'Wagon' },
        }),
        true,
      ),
    ).toBe('2016 Mazda CX-5 Akera AWD Deep Crystal Blue Automatic Wagon');
    expect(carTitle(car({ name: 'Akera', variant: { geartype: '6 Speed' }, simple_transmission: 'Manual' }), true)).toBe(
      '2016 Mazda CX-5 Akera 6 Speed Manual',
    );
  });
});

describe('placeholder images (spec 000 §2)', () => {
  it('treats the default and coming-soon images as no photo', () => {
    expect(imageOf(car({ primary_image_url: '/media/demo/placeholder.svg' }))).toBeUndefined();
    expect(imageOf(car({ images: [{ url: 'https://cdn/x/coming-soon.jpg' }] }))).toBeUndefined();
    expect(imageOf(car({}))).toBeUndefined();
    expect(imageOf(car({ primary_image_url: '/media/demo/cars/1.svg' }))).toBe('/media/demo/cars/1.svg');
  });
});
