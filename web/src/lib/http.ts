/** ApiError carries the API's error envelope ({"error":{"code","message"}}) and status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** getJSON fetches a same-origin API path; the gateway resolves the tenant from the host. */
export async function getJSON<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) {
    let code = 'internal';
    let message = `request failed (${res.status})`;
    try {
      const body = (await res.json()) as { error?: { code?: string; message?: string } };
      code = body.error?.code ?? code;
      message = body.error?.message ?? message;
    } catch {
      // A non-JSON error body keeps the generic message.
    }
    throw new ApiError(res.status, code, message);
  }
  return (await res.json()) as T;
}
