import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../../test/renderWithSite';
import { siteResponse } from '../../../test/fixtures';
import { BrandBanner } from './BrandBanner';
import imageNotFound from '../../../components/assets/image-not-found.svg';

describe('brand banner of dealership websites (spec 001 §2, §3; issue 17)', () => {
  it('links each dealership website by its title, with its logo', () => {
    renderWithSite(
      <BrandBanner />,
      siteResponse({
        home: { our_dealerships: 'websites' },
        dealership_websites: [
          {
            url: 'https://www.coastalmazda.com.au',
            name: 'Coastal Mazda',
            title: 'Coastal Mazda Southport',
            slug: 'coastal-mazda',
            logo: { url: '/media/logos/coastal-mazda.svg' },
          },
          { url: '/brands/jeep', name: 'Jeep', slug: 'jeep' },
        ],
      }),
    );
    const banner = screen.getByRole('region', { name: 'Our dealerships' });
    const links = within(banner).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Coastal Mazda Southport', 'https://www.coastalmazda.com.au'],
      ['Jeep', '/brands/jeep'],
    ]);
    expect(links[0].querySelector('img')).toHaveAttribute('src', '/media/logos/coastal-mazda.svg');
  });

  it('falls back to the image-not-found image when a logo is missing or fails (spec 001 §8)', () => {
    renderWithSite(
      <BrandBanner />,
      siteResponse({
        home: { our_dealerships: 'websites' },
        dealership_websites: [{ url: 'https://kia.example', name: 'Kia', logo: { url: '/media/logos/gone.svg' } }],
      }),
    );
    const img = screen.getByRole('link', { name: 'Kia' }).querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/logos/gone.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', imageNotFound);
  });

  // Issue 32 item 10: a group's home page said "Our dealerships" twice
  // (this banner beside its dealerships list), and a single dealer's linked
  // off-site; the banner shows only where the site picks it.
  it('renders nothing unless the site picks it for its "Our dealerships" (default: the dealerships list)', () => {
    const { container } = renderWithSite(
      <BrandBanner />,
      siteResponse({ dealership_websites: [{ url: 'https://www.toyota.com.au', name: 'Toyota Australia', slug: 'toyota' }] }),
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing for a site without dealership websites', () => {
    const { container } = renderWithSite(<BrandBanner />, siteResponse({ dealership_websites: [] }));
    expect(container).toBeEmptyDOMElement();
  });
});
