import { RetryableSubmissionError, type SubmissionInput, type SubmissionReceipt } from '../../machines/application-machine.ts';

function isReceipt(value: unknown): value is SubmissionReceipt {
  const receipt = value as Partial<SubmissionReceipt> | null;
  return typeof receipt?.reference === 'string' && typeof receipt.downloadUrl === 'string';
}

/**
 * Sends the application to the server (decision 5). A lost connection, a timeout, a rate limit or a
 * server error is retryable (the machine retries with back-off, with the same idempotency key); a
 * refusal of the application itself is not.
 */
export async function submitApplicationOverHttp(
  { document, idempotencyKey }: SubmissionInput,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmissionReceipt> {
  let response: Response;
  try {
    response = await fetchImpl('/api/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(document),
    });
  } catch {
    throw new RetryableSubmissionError('There is no connection to our server right now.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isReceipt(body)) return { reference: body.reference, downloadUrl: body.downloadUrl };
  if (response.status >= 500 || response.status === 408 || response.status === 429 || response.ok) {
    throw new RetryableSubmissionError('Our server could not take the application just now.');
  }
  const problems = (body as { problems?: { field: string; message: string }[] } | null)?.problems ?? [];
  throw new Error(
    problems.length > 0
      ? `The application was refused: ${problems.map((problem) => problem.message).join('; ')}`
      : `The application was refused (${response.status}).`,
  );
}
