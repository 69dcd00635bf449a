import ContactPage from '../features/leads/components/ContactPage';
import { useSite } from '../lib/siteContext';
import { ContactLocations } from './LocationRoutes';

/**
 * ContactRoute is /contact, /contact-us and /contact-us/{slug}: the leads
 * feature's contact page with the locations feature's block composed in
 * here, so neither feature imports the other. The general contact page
 * shows the locations the site's locations_block.contact_filter picks, with
 * their hours and reviews (issue 33: View Location leads here on a
 * manufacturer's site).
 */
export default function ContactRoute({ title }: { title?: string }) {
  const { site } = useSite();
  return <ContactPage title={title} locations={<ContactLocations filter={site.locations_block.contact_filter} title={site.texts.locations_title} />} />;
}
