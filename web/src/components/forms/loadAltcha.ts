/**
 * loadAltcha defines the <altcha-widget> custom element. It is imported only
 * when a form with a captcha mounts, so the widget stays out of the listing's
 * initial JavaScript and out of pages without a form.
 */
export function loadAltcha(): Promise<unknown> {
  return import('altcha');
}
