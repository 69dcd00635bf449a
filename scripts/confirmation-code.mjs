#!/usr/bin/env node
// Prints the sign-up confirmation code cognito-local "texted" to a phone
// number, for signing up by hand on `make dev` (cognito-local's log prints
// codes too, but only once a later line flushes it).
//
//	node scripts/confirmation-code.mjs +61400000000
import path from 'node:path';
import { confirmationCode } from '../web/e2e/cognitoCodes.mjs';

const phone = process.argv[2];
if (!phone) {
  console.error('usage: node scripts/confirmation-code.mjs PHONE (as signed up, e.g. +61400000000)');
  process.exit(2);
}
const dir = process.env.FORECOURT_COGNITO_DATA ?? path.join(process.env.FORECOURT_DATA_DIR ?? '.data', 'cognito');
try {
  console.log(await confirmationCode(phone, dir));
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
