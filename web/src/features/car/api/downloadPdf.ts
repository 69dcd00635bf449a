import { ApiError } from '../../../lib/http';

/**
 * downloadPdf fetches the car's brochure (GET /api/cars/{slug}/pdf) and saves
 * it as {slug}.pdf (spec 001 §7). It throws with the server's message (or
 * the status) so the caller can show it (spec 001 §8: a browser alert).
 */
export async function downloadPdf(path: string, slug: string): Promise<void> {
  const res = await fetch(path, { headers: { accept: 'application/pdf' } });
  if (!res.ok) {
    let message = `The brochure could not be made (${res.status}).`;
    try {
      const body = (await res.json()) as { error?: { message?: string; code?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      // A non-JSON error keeps the status message.
    }
    throw new ApiError(res.status, 'internal', message);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `${slug}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoke after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
