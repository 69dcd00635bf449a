/**
 * inlinedJSON reads JSON the server rendered into the page in
 * <script id={id} type="application/json"> (functions/seo: issue 14, first
 * paint without a round trip), or undefined when the page has none, it does
 * not parse or valid refuses it.
 */
export function inlinedJSON<T>(id: string, valid: (body: T) => unknown, doc: Document = document): T | undefined {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as T;
    return body && typeof body === 'object' && valid(body) ? body : undefined;
  } catch {
    return undefined;
  }
}
