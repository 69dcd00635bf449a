// safeRedirect keeps a sign-in's redirect or back target on this site: a
// same-origin path only ("/cars/x?y"), never "//host" or a full URL, which
// would turn the sign-in page into an open redirect.
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
