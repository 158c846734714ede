import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  applicationMachine,
  selectPosition,
  RetryableSubmissionError,
  submissionRetryDelays,
  type ApplicationEvent,
  type SubmissionInput,
} from '../../machines/application-machine.ts';
import { initialAnswers } from '../../machines/form/answers.ts';
import { selectAcknowledgedAt, selectAnswer, selectApplicationStatus, selectStepProblems, selectVisibleError } from '../../machines/application-selectors.ts';
import { maxSignatureLength } from '../../machines/form/application-status.ts';
import { noticeSteps } from '../../machines/steps.ts';
import { completeApplication, fillSteps, samplePngSignature, sampleReceipt, sampleTime, signAndAcknowledge } from '../support/sample-answers.ts';

const start = () => createActor(applicationMachine).start();

describe('notice acknowledgements', () => {
  it('keep when each notice was acknowledged, and forget it when unticked', () => {
    const actor = start();
    actor.send({ type: 'notice.acknowledged', notice: 'rights', at: '2024-07-15T10:00:00.000Z' });
    actor.send({ type: 'notice.acknowledged', notice: 'firearm', at: '2024-07-15T10:05:00.000Z' });
    expect(selectAcknowledgedAt(actor.getSnapshot(), 'rights')).toBe('2024-07-15T10:00:00.000Z');
    expect(selectAcknowledgedAt(actor.getSnapshot(), 'firearm')).toBe('2024-07-15T10:05:00.000Z');
    actor.send({ type: 'notice.unacknowledged', notice: 'rights' });
    expect(selectAcknowledgedAt(actor.getSnapshot(), 'rights')).toBeUndefined();
    expect(selectAcknowledgedAt(actor.getSnapshot(), 'firearm')).toBe('2024-07-15T10:05:00.000Z');
  });

  it('ignore an unknown notice or an unreadable time', () => {
    const actor = start();
    actor.send({ type: 'notice.acknowledged', notice: 'personal', at: sampleTime } as unknown as ApplicationEvent);
    actor.send({ type: 'notice.acknowledged', notice: 'rights', at: 'yesterday-ish' });
    expect(actor.getSnapshot().context.acknowledgements).toEqual({});
  });
});

describe('the signature', () => {
  const signatureState = (actor: ReturnType<typeof start>) => (actor.getSnapshot().value as unknown as { signature: unknown }).signature;

  it('is saved as a drawn PNG, cleared, and saved again typed', () => {
    const actor = start();
    expect(signatureState(actor)).toEqual({ unsigned: 'ready' });
    actor.send({ type: 'signature.drawn', image: samplePngSignature, at: sampleTime });
    expect(signatureState(actor)).toBe('signed');
    expect(actor.getSnapshot().context.signature).toEqual({ method: 'drawn', image: samplePngSignature, signedAt: sampleTime });
    actor.send({ type: 'signature.cleared' });
    expect(actor.getSnapshot().context.signature).toBeNull();
    actor.send({ type: 'signature.typed', name: '  Maria Elena Alvarez ', at: sampleTime });
    expect(actor.getSnapshot().context.signature).toEqual({ method: 'typed', name: 'Maria Elena Alvarez', signedAt: sampleTime });
  });

  it('refuses an empty drawing, something that is not a PNG, or one that is too large', () => {
    for (const image of ['', 'data:image/jpeg;base64,AAAA', 'javascript:alert(1)', `data:image/png;base64,${'A'.repeat(maxSignatureLength)}`]) {
      const actor = start();
      actor.send({ type: 'signature.drawn', image, at: sampleTime });
      expect(signatureState(actor)).toEqual({ unsigned: 'drawingMissing' });
      expect(actor.getSnapshot().context.signature).toBeNull();
    }
  });

  it('refuses a blank typed name', () => {
    const actor = start();
    actor.send({ type: 'signature.typed', name: '   ', at: sampleTime });
    expect(signatureState(actor)).toEqual({ unsigned: 'nameMissing' });
  });
});

describe('send me a copy', () => {
  it('reveals a required email, prefilled from the personal email and never overwritten once answered', () => {
    const actor = start();
    actor.send({ type: 'answer.changed', step: 'personal', name: 'email', value: 'maria@example.com' });
    expect(selectStepProblems(actor.getSnapshot(), 'confirmation')).toEqual([]);
    actor.send({ type: 'answer.changed', step: 'confirmation', name: 'send-copy', value: 'yes' });
    expect(selectAnswer(actor.getSnapshot(), 'confirmation', 'copy-email')).toBe('maria@example.com');
    actor.send({ type: 'answer.changed', step: 'confirmation', name: 'copy-email', value: '' });
    expect(selectStepProblems(actor.getSnapshot(), 'confirmation')).toEqual([{ key: 'copy-email', message: 'Enter email address for your copy' }]);
    actor.send({ type: 'answer.changed', step: 'personal', name: 'email', value: 'other@example.com' });
    expect(selectAnswer(actor.getSnapshot(), 'confirmation', 'copy-email')).toBe('');
    actor.send({ type: 'answer.changed', step: 'confirmation', name: 'send-copy', value: '' });
    expect(selectStepProblems(actor.getSnapshot(), 'confirmation')).toEqual([]);
  });
});

describe('the status of every step and the submit check', () => {
  it('lists every step with exactly what is missing', () => {
    const status = selectApplicationStatus(start().getSnapshot());
    expect(status.map((s) => s.step)).toEqual([
      'personal', 'general', 'emergency', 'license', 'military', 'employed', 'training', 'education', 'unemployed',
      'employment', 'record', 'accidents', 'violations', 'criminal', 'confirmation', ...noticeSteps.map((n) => n.id),
    ]);
    const byStep = Object.fromEntries(status.map((s) => [s.step, s.problems.map((p) => p.key)]));
    expect(byStep.employment).toEqual([]);
    expect(byStep.confirmation).toEqual(['signature']);
    expect(byStep.rights).toEqual(['acknowledged']);
    expect(byStep.military).toEqual(['ever-in-military']);
  });

  it('a complete application is ready; removing one answer makes only that step incomplete', () => {
    const { actor } = completeApplication();
    expect(selectApplicationStatus(actor.getSnapshot()).filter((s) => s.problems.length > 0)).toEqual([]);
    actor.send({ type: 'notice.unacknowledged', notice: 'consent' });
    actor.send({ type: 'answer.changed', step: 'criminal', name: 'pending-charges-description', value: '' });
    const incomplete = selectApplicationStatus(actor.getSnapshot()).filter((s) => s.problems.length > 0);
    expect(incomplete.map((s) => [s.step, s.problems.map((p) => p.key)])).toEqual([
      ['criminal', ['pending-charges-description']],
      ['consent', ['acknowledged']],
    ]);
    actor.send({ type: 'submit.requested' });
    expect(actor.getSnapshot().matches({ submission: 'incomplete' })).toBe(true);
  });

  it('an incomplete submit check shows every error, even on fields never visited', () => {
    const actor = start();
    expect(selectVisibleError(actor.getSnapshot(), 'personal', 'first-name')).toBeUndefined();
    actor.send({ type: 'submit.requested' });
    expect(actor.getSnapshot().matches({ submission: 'incomplete' })).toBe(true);
    expect(selectVisibleError(actor.getSnapshot(), 'personal', 'first-name')).toBe('Enter first name');
  });

  it('a signature alone or acknowledgements alone do not complete the application', () => {
    const unsigned = signAndAcknowledge(fillSteps(), { acknowledged: true, signed: false });
    unsigned.actor.send({ type: 'submit.requested' });
    expect(unsigned.actor.getSnapshot().matches({ submission: 'incomplete' })).toBe(true);
    const unacknowledged = signAndAcknowledge(fillSteps(), { acknowledged: false, signed: true });
    unacknowledged.actor.send({ type: 'submit.requested' });
    expect(unacknowledged.actor.getSnapshot().matches({ submission: 'incomplete' })).toBe(true);
  });
});

describe('sending the application', () => {
  it('sends a complete application once, then goes to the 28th entry with the receipt; without save my data nothing stays', async () => {
    const inputs: SubmissionInput[] = [];
    const { actor } = completeApplication(async (input) => {
      inputs.push(input);
      return { reference: 'BRF-ABCDEFGH', downloadUrl: '/api/applications/copy/t' };
    });
    actor.send({ type: 'answer.changed', step: 'confirmation', name: 'save-my-data', value: '' });
    actor.send({ type: 'route.changed', path: '/form/25/signature' });
    actor.send({ type: 'submit.requested' });
    actor.send({ type: 'submit.requested' });
    expect(actor.getSnapshot().matches({ submission: 'submitting' })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ submission: 'submitted' }));
    expect(inputs).toHaveLength(1);
    expect(inputs[0]?.idempotencyKey).toMatch(/\w{8,}/);
    expect(inputs[0]?.document.answers.personal?.ssn).toBe('123-45-6789');
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.submissionReceipt).toEqual({ reference: 'BRF-ABCDEFGH', downloadUrl: '/api/applications/copy/t' });
    expect(selectPosition(snapshot)).toBe('finish');
    expect(snapshot.matches({ signature: 'unsigned' })).toBe(true);
    expect(snapshot.context.signature).toBeNull();
    expect(snapshot.context.acknowledgements).toEqual({});
    expect(snapshot.context.answers).toEqual(initialAnswers());
  });

  it('with save my data keeps every answer but the SSN (decision 23)', async () => {
    const { actor } = completeApplication();
    actor.send({ type: 'answer.changed', step: 'confirmation', name: 'save-my-data', value: 'yes' });
    const before = actor.getSnapshot().context.answers;
    actor.send({ type: 'submit.requested' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submission: 'submitted' }));
    const after = actor.getSnapshot().context.answers;
    expect(after.personal).not.toHaveProperty('ssn');
    expect(after.personal?.['first-name']).toBe(before.personal?.['first-name']);
    expect(after.employed).toEqual(before.employed);
    expect(after.confirmation).toEqual({ 'save-my-data': 'yes' });
    expect(actor.getSnapshot().context.signature).toBeNull();
  });

  it('retries a lost connection with back-off and the same idempotency key', async () => {
    vi.useFakeTimers();
    try {
      const keys: string[] = [];
      const { actor } = completeApplication(async ({ idempotencyKey }) => {
        keys.push(idempotencyKey);
        if (keys.length < 3) throw new RetryableSubmissionError('offline');
        return sampleReceipt;
      });
      actor.send({ type: 'submit.requested' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ submission: 'waitingToRetry' })).toBe(true);
      expect(actor.getSnapshot().context.submissionAttempts).toBe(1);
      await vi.advanceTimersByTimeAsync(submissionRetryDelays[0]);
      await vi.advanceTimersByTimeAsync(submissionRetryDelays[1]);
      expect(actor.getSnapshot().matches({ submission: 'submitted' })).toBe(true);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the last retry, says so, and sends again with the same key when asked', async () => {
    vi.useFakeTimers();
    try {
      const keys: string[] = [];
      const { actor } = completeApplication(async ({ idempotencyKey }) => {
        keys.push(idempotencyKey);
        throw new RetryableSubmissionError('offline');
      });
      actor.send({ type: 'submit.requested' });
      for (const delay of submissionRetryDelays) await vi.advanceTimersByTimeAsync(delay);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ submission: 'failed' })).toBe(true);
      expect(keys).toHaveLength(submissionRetryDelays.length + 1);
      expect(actor.getSnapshot().context.submissionError).toBe('offline');
      actor.send({ type: 'submit.requested' });
      await vi.advanceTimersByTimeAsync(0);
      expect(keys.at(-1)).toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a refusal', async () => {
    let calls = 0;
    const { actor } = completeApplication(async () => {
      calls += 1;
      throw new Error('The application was refused (400).');
    });
    actor.send({ type: 'submit.requested' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submission: 'failed' }));
    expect(calls).toBe(1);
    expect(actor.getSnapshot().context.answers.personal?.ssn).toBe('123-45-6789');
  });
});
