// The /contact-us/{slug} rule (spec 001 §2), the TypeScript twin of Go's
// shared.ContactSlug; shared/testdata/vectors/contact_slug.json holds the
// cases both run.

// Go's \s is ASCII whitespace only.
const DEPARTMENT_SUFFIX = /[\t\n\f\r ]+-[\t\n\f\r ]+(sales|service|parts)[\t\n\f\r ]*$/i;

/** contactSlug is a location's contact page slug: its name without a department suffix, slugified. */
export function contactSlug(name: string): string {
  return name
    .replace(DEPARTMENT_SUFFIX, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}
