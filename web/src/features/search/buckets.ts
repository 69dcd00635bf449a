// Order of the bucket facets (price_range, weekly_price_range): by the bucket's
// lower bound, so "Under $10,000" comes before "$10,000 - $20,000" and
// "$100,000+" comes last (docs/contracts.md bucket labels).

export function bucketLowerBound(label: string): number {
  if (/^under\b/i.test(label.trim())) return 0;
  const m = label.replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  return m ? Number(m[0]) : Number.MAX_SAFE_INTEGER;
}

export function bucketOrder(a: { name: string }, b: { name: string }): number {
  return bucketLowerBound(a.name) - bucketLowerBound(b.name);
}
