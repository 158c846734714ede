/** One application's address under `/recruiter/applications/`, as a route pattern. */
const applicationPattern = '/recruiter/applications/:reference';

function applicationPath(suffix: string) {
  const pattern = `${applicationPattern}${suffix}`;
  return Object.assign((reference: string) => pattern.replace(':reference', encodeURIComponent(reference)), { pattern });
}

/** The recruiter area's addresses, declared once (pages link with them, routes are made from them). */
export const recruiterPaths = {
  inbox: '/recruiter',
  signIn: '/recruiter/login',
  signOut: '/recruiter/logout',
  application: applicationPath(''),
  ssn: applicationPath('/ssn'),
  status: applicationPath('/status'),
  pdf: applicationPath('/pdf'),
  json: applicationPath('/json'),
} as const;

/** A `next` address after sign-in: only a path inside the recruiter area (never another site). */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string') return recruiterPaths.inbox;
  return /^\/recruiter(?:[/?][^\s\\]*)?$/.test(value) && !value.startsWith('//') ? value : recruiterPaths.inbox;
}
