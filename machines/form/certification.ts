/** The electronic signature statements (Confirmation and Signature steps; printed with the signature). */
export const certificationStatement =
  'I certify that I completed this application myself and that everything in it is true and complete to the best of my knowledge. I understand that false, misleading or missing information may result in my application being rejected or, if I am hired, in my dismissal.';

export const signatureScopeStatement =
  'My electronic signature applies to this application and to each of the notices I have acknowledged, and has the same effect as my handwritten signature.';
