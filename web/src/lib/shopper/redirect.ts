// safeRedirect keeps a sign-in's redirect or back target on this site (issue
// 31): the target is resolved as the browser would resolve a link on this
// page, and only a same-origin result is kept, as its path, query and hash.
// Prefix checks are not enough: browsers strip tabs and newlines from URLs
// and read "\" as "/", so "/%09/evil.example" or "/\tevil" pass a
// startsWith('/') test and still leave the dealer's domain.
export function safeRedirect(target: string | null | undefined, fallback = '/', origin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  if (!target) return fallback;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return url.pathname + url.search + url.hash;
}
