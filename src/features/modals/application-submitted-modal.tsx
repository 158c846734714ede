/** What the submission hands to the `application-submitted` modal through navigation state (decision 5). */
export interface ApplicationSubmittedData {
  reference?: string;
  downloadUrl?: string;
}

function readData(data: unknown): ApplicationSubmittedData {
  if (typeof data !== 'object' || data === null) return {};
  const { reference, downloadUrl } = data as Record<string, unknown>;
  return {
    reference: typeof reference === 'string' ? reference : undefined,
    downloadUrl: typeof downloadUrl === 'string' && /^\/(?![/\\])/.test(downloadUrl) ? downloadUrl : undefined,
  };
}

export function ApplicationSubmittedModal({ data }: { data: unknown }) {
  const { reference, downloadUrl } = readData(data);
  return (
    <>
      <p>Thank you. Your application has been sent to our recruiting team.</p>
      {reference ? (
        <p className="modal__reference">
          Your reference number is <strong>{reference}</strong>.
        </p>
      ) : null}
      {downloadUrl ? (
        <p>
          <a href={downloadUrl} download>
            Download a copy of your application (PDF)
          </a>
        </p>
      ) : null}
    </>
  );
}
