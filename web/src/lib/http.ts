/** ApiError carries the API's error envelope ({"error":{"code","message"}}) and status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** body is the whole answer, for errors that carry more than the envelope (a sold car's 410). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** apiError reads a failed answer's error envelope; a non-JSON body keeps the generic message. */
export async function apiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  return new ApiError(res.status, body.error?.code ?? 'internal', body.error?.message ?? `request failed (${res.status})`, body);
}

/** getJSON fetches a same-origin API path; the gateway resolves the tenant from the host. */
export async function getJSON<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw await apiError(res);
  return (await res.json()) as T;
}
