/**
 * The route table and step-list titles exactly as spec section 2 gives them, typed out independently of
 * `machines/steps.ts` so that tests catch a mistake in the declared data.
 */
export const specStepList: ReadonlyArray<{ route: string; title: string; heading: string }> = [
  { route: '/', title: 'Home Page', heading: 'Driver employment application' },
  { route: '/form/1/requirements', title: 'Requirements', heading: 'Requirements' },
  { route: '/form/2/personal', title: 'Personal Information', heading: 'Personal Information' },
  { route: '/form/3/general', title: 'General Information', heading: 'General Information' },
  { route: '/form/3/emergency', title: 'Emergency Contacts', heading: 'Emergency Contacts' },
  { route: '/form/4/license', title: 'License Details', heading: 'License Details' },
  { route: '/form/5/military', title: 'Military Service', heading: 'Military Service' },
  { route: '/form/6/employed', title: 'Employer/Contract Information', heading: 'Employer/Contract Information' },
  { route: '/form/7/training', title: 'Driver Training', heading: 'Driver Training' },
  { route: '/form/8/education', title: 'Education Information', heading: 'Education Information' },
  { route: '/form/9/unemployed', title: 'Unemployment Information', heading: 'Unemployment Information' },
  { route: '/form/10/employment', title: 'Employment/Contract History', heading: 'Employment/Contract History' },
  { route: '/form/11/record', title: 'Motor Vehicle Record', heading: 'Motor Vehicle Record' },
  { route: '/form/12/accidents', title: 'Accident Details', heading: 'Accident Details' },
  { route: '/form/13/violations', title: 'Incident Details', heading: 'Incident Details' },
  { route: '/form/14/criminal', title: 'Criminal Record', heading: 'Criminal Record' },
  { route: '/form/15/confirmation', title: 'Confirmation', heading: 'Confirmation' },
  { route: '/form/16/rights', title: '', heading: 'Summary of Your Rights Under the Fair Credit Reporting Act' },
  { route: '/form/17/authorization', title: '', heading: 'PSP disclosure and authorization' },
  { route: '/form/18/disclosure', title: '', heading: 'Background information disclosure and consent' },
  { route: '/form/19/disclaimers', title: '', heading: 'General disclaimers, authorizations and acknowledgements' },
  { route: '/form/20/verification', title: '', heading: 'Employment verification acknowledgement and release' },
  { route: '/form/21/consent', title: '', heading: 'FMCSA Drug and Alcohol Clearinghouse limited query consent' },
  { route: '/form/22/summary', title: '', heading: 'Summary of rights under the consumer report law section 1681m(a)' },
  { route: '/form/23/passengers', title: '', heading: 'Transportation of passengers policy' },
  { route: '/form/24/firearm', title: '', heading: 'Firearm policy' },
  { route: '/form/25/signature', title: '', heading: 'Signature' },
  { route: '/', title: '', heading: 'Driver employment application' },
];

export const unknownPaths = [
  '/nope',
  '/form/99/x',
  '/form/2/general',
  '/form/1/requirements/junk',
  '/form',
  '/form/',
  '/FORM/1/requirements',
  '/form/3',
];
