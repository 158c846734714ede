import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { applicationMachine, type ApplicationEvent } from '../../machines/application-machine.ts';
import { selectAcknowledgedAt, selectAnswer, selectApplicationStatus, selectStepProblems, selectVisibleError } from '../../machines/application-selectors.ts';
import { maxSignatureLength } from '../../machines/form/application-status.ts';
import { noticeSteps } from '../../machines/steps.ts';
import { completeApplication, fillSteps, samplePngSignature, sampleTime, signAndAcknowledge } from '../support/sample-answers.ts';

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
    actor.send({ type: 'submit.requested' });
    expect(actor.getSnapshot().matches({ submission: 'ready' })).toBe(true);

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
