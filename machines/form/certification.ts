/** The electronic signature statements (Confirmation and Signature steps; printed with the signature). */
/** The wording of 49 CFR 391.21(b)(12), then what follows from it. */
export const certificationStatement =
  'This certifies that this application was completed by me, and that all entries on it and information in it are true and complete to the best of my knowledge. I understand that false, misleading or missing information may result in my application being rejected or, if I am hired, in my dismissal.';

export const signatureScopeStatement =
  'My electronic signature applies to this application and to each of the notices I have acknowledged, and has the same effect as my handwritten signature.';
