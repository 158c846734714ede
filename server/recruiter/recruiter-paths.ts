/** The recruiter area's addresses, declared once (pages link with them, routes are made from them). */
export const recruiterPaths = {
  inbox: '/recruiter',
  signIn: '/recruiter/login',
  signOut: '/recruiter/logout',
  application: (reference: string) => `/recruiter/applications/${encodeURIComponent(reference)}`,
  ssn: (reference: string) => `/recruiter/applications/${encodeURIComponent(reference)}/ssn`,
  status: (reference: string) => `/recruiter/applications/${encodeURIComponent(reference)}/status`,
  pdf: (reference: string) => `/recruiter/applications/${encodeURIComponent(reference)}/pdf`,
  json: (reference: string) => `/recruiter/applications/${encodeURIComponent(reference)}/json`,
} as const;

/** A `next` address after sign-in: only a path inside the recruiter area (never another site). */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string') return recruiterPaths.inbox;
  return /^\/recruiter(?:[/?][^\s\\]*)?$/.test(value) && !value.startsWith('//') ? value : recruiterPaths.inbox;
}
