/**
 * Where the draft lives on the device (decision 22). A module of its own so the boot module can tell
 * whether there is a draft without loading the draft code.
 */
export const draftStorageKey = 'driver-application:draft';
export const ssnStorageKey = 'driver-application:ssn';
/** The latest revision saved by any tab, kept apart so a save need not read the whole draft. */
export const revisionStorageKey = 'driver-application:revision';
