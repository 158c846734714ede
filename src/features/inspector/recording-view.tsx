import { useId, useState, type ChangeEvent } from 'react';
import { downloadFile } from './download-file.ts';
import type { InspectorController, InspectorState } from './inspector-controller.ts';
import { fileNameFor, maxPathFileSize, parsePath, PathFileError, serializePath } from './inspector-path.ts';

/** The current session's events as a path: export it as a JSON file; import such a file to replay it. */
export function RecordingView({ controller, state }: { controller: InspectorController; state: InspectorState }) {
  const fileId = useId();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { recording } = state;

  const exportRecording = () => {
    const path = controller.recordedPath();
    if (!path) return;
    downloadFile(fileNameFor(path), serializePath(path));
    setMessage({ text: `Exported ${path.events.length} events.`, error: false });
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      if (file.size > maxPathFileSize) throw new PathFileError('The file is larger than 2 MB.');
      const path = parsePath(await file.text());
      controller.addImported(path);
      setMessage({ text: `Imported “${path.name}” (${path.events.length} events): it is the chosen path; press Play to replay it.`, error: false });
    } catch (error) {
      setMessage({ text: error instanceof PathFileError ? error.message : 'The file could not be read.', error: true });
    } finally {
      input.value = '';
    }
  };

  return (
    <>
      {recording.replayable ? (
        <p data-testid="recording-status">
          Recording this session: {recording.events.length} event{recording.events.length === 1 ? '' : 's'} since an empty application.
          The SSN and a drawn signature are exported as placeholders.
        </p>
      ) : (
        <p data-testid="recording-status">
          This session began from saved answers, so its events do not replay from an empty application. Start over to record from
          an empty application.
        </p>
      )}
      <div className="machine-inspector__controls">
        <button type="button" className="machine-inspector__button" disabled={!recording.replayable} onClick={exportRecording}>
          Export the recording (JSON)
        </button>
        {recording.replayable ? null : (
          <button type="button" className="machine-inspector__button" onClick={() => void controller.startOverAndRecord()}>
            Start over and record
          </button>
        )}
      </div>
      <label htmlFor={fileId} className="machine-inspector__file-label">
        Import a path (JSON file)
      </label>
      <input id={fileId} type="file" accept="application/json,.json" onChange={(event) => void importFile(event)} />
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'machine-inspector__error' : 'machine-inspector__note'}>
          {message.text}
        </p>
      ) : null}
    </>
  );
}
