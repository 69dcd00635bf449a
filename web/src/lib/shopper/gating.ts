// The TypeScript twin of shared.SignInPath (spec 001 §4), run on the same
// cases as Go: shared/testdata/vectors/sign_in_path.json. Which pages are
// gated is the page table's (route.Pages; PAGES in types.ts).

/** signInPath is /sign-in?back=…&redirect=…&type=… (keys sorted, as Go's url.Values.Encode). */
export function signInPath(kind: string, redirect: string, back: string): string {
  const enc = (v: string) =>
    encodeURIComponent(v)
      .replace(/%20/g, '+')
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `/sign-in?back=${enc(back)}&redirect=${enc(redirect)}&type=${enc(kind)}`;
}
