/**
 * True for the contract client's `ApiError`. Checked by shape, not `instanceof`: the
 * host creates the client from its own copy of the contract module, so the class the
 * web build bundles is a different object.
 */
export function isApiError(error: unknown): error is Error & { statusCode: number; message: string } {
  return (
    error instanceof Error &&
    error.name === "ApiError" &&
    typeof (error as { statusCode?: unknown }).statusCode === "number"
  );
}
