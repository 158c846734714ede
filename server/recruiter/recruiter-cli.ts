import { string } from 'yup';
import { createRecruiterStore, type RecruiterStore } from '../db/recruiter-store.ts';
import { openDatabase } from '../open-database.ts';
import { generatePassword, hashPassword, passwordProblem } from './recruiter-auth.ts';

/**
 * `npm run recruiter -- <command>`: recruiter accounts from the command line (issue 9), on the
 * database `npm start` uses (DATA_DIR / DATABASE_URL).
 */

const usage = `Usage: npm run recruiter -- <command>

  add EMAIL [--password-stdin]       create an account
  password EMAIL [--password-stdin]  set a new password (ends the account's sessions, lifts a lockout)
  remove EMAIL                       delete an account (its audit log entries stay)
  list                               list the accounts

The password is asked for on a terminal (leave it empty to have one generated). With
--password-stdin it is read from the first line of standard input. Otherwise (no terminal) a
one-time password is generated and printed once: it is stored only as an Argon2id hash.`;

class UsageError extends Error {}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish();
        if (character === '\u0003') return finish(new UsageError('Cancelled.'));
        value = character === '\u007f' || character === '\b' ? value.slice(0, -1) : value + character;
      }
      return undefined;
    };
    stdin.on('data', onData);
  });
}

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/** The password to set, and whether it was generated (then it is printed once). */
async function choosePassword(fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (fromStdin) return { password: await firstLineOfStdin(), generated: false };
  if (!process.stdin.isTTY) return { password: generatePassword(), generated: true };
  const password = await promptHidden('Password (empty: generate one): ');
  if (password === '') return { password: generatePassword(), generated: true };
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(`${problem}.`);
  if ((await promptHidden('The same password again: ')) !== password) throw new UsageError('The two passwords differ.');
  return { password, generated: false };
}

function validEmail(email: string | undefined): string {
  if (!email || !string().email().isValidSync(email)) throw new UsageError(`Give the recruiter's email address (got "${email ?? ''}").\n\n${usage}`);
  return email.trim().toLowerCase();
}

async function setPassword(recruiters: RecruiterStore, email: string, flags: string[], create: boolean): Promise<void> {
  const existing = await recruiters.findRecruiter(email);
  if (create && existing) throw new UsageError(`${email} already has an account. To set a new password: npm run recruiter -- password ${email}`);
  if (!create && !existing) throw new UsageError(`${email} has no account. To create one: npm run recruiter -- add ${email}`);
  const { password, generated } = await choosePassword(flags.includes('--password-stdin'));
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(`${problem}.`);
  const passwordHash = await hashPassword(password);
  if (create) await recruiters.addRecruiter(email, passwordHash);
  else await recruiters.setPasswordHash(email, passwordHash);
  console.log(create ? `Created the recruiter account ${email}.` : `Set a new password for ${email}; its sessions have ended.`);
  if (generated) {
    console.log('One-time password (shown only now, stored only as a hash; pass it on securely):');
    console.log(`Password: ${password}`);
  }
}

async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const flags = rest.filter((arg) => arg.startsWith('--'));
  const [email] = rest.filter((arg) => !arg.startsWith('--'));
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  if (!['add', 'password', 'remove', 'list'].includes(command)) throw new UsageError(`Unknown command "${command}".\n\n${usage}`);
  const db = await openDatabase();
  try {
    const recruiters = createRecruiterStore(db);
    if (command === 'list') {
      const accounts = await recruiters.listRecruiters();
      if (accounts.length === 0) console.log('No recruiter accounts yet. Create one: npm run recruiter -- add EMAIL');
      for (const account of accounts) {
        console.log(`${account.email}\tcreated ${account.createdAt.toISOString()}\tlast sign-in ${account.lastSignInAt?.toISOString() ?? 'never'}`);
      }
    } else if (command === 'remove') {
      const address = validEmail(email);
      if (!(await recruiters.removeRecruiter(address))) throw new UsageError(`${address} has no account.`);
      console.log(`Removed the recruiter account ${address}.`);
    } else {
      await setPassword(recruiters, validEmail(email), flags, command === 'add');
    }
  } finally {
    await db.destroy();
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof UsageError ? error.message : `Failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
