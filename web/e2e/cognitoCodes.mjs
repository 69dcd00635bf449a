// cognito-local keeps each unconfirmed user, confirmation code included, in
// its data folder; the browser tests and `make dev` users read codes here.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * confirmationCode is the sign-up code cognito-local "texted" to phone. It
 * keeps each unconfirmed user, code included, in its data folder
 * (FORECOURT_COGNITO_DATA, set by scripts/lib.sh), written before it answers
 * SignUp, so once the Authenticator asks for the code the code is there. (Its
 * log prints the code as well, but pino only flushes it with a later line.)
 */
export async function confirmationCode(phone, dir = process.env.FORECOURT_COGNITO_DATA) {
  if (!dir) throw new Error('FORECOURT_COGNITO_DATA is not set: run the browser tests through scripts/e2e.sh');
  const db = path.join(dir, '.cognito', 'db');
  for (const file of await readdir(db)) {
    if (!file.endsWith('.json') || file === 'clients.json') continue;
    const pool = JSON.parse(await readFile(path.join(db, file), 'utf8'));
    const user = Object.values(pool.Users ?? {}).find((u) => u.Username === phone || u.Attributes?.some((a) => a.Name === 'phone_number' && a.Value === phone));
    if (user?.ConfirmationCode) return user.ConfirmationCode;
  }
  throw new Error(`cognito-local holds no confirmation code for ${phone} in ${db}`);
}
