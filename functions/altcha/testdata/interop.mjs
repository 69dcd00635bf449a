// Runs npm altcha-lib 2.8.0 (its v1 protocol) for functions/altcha's
// interop test. Node resolves altcha-lib from the repository's node_modules.
//
//   node interop.mjs create KEY EXPIRES MAXNUMBER
//     altcha-lib creates a challenge signed with KEY expiring at EXPIRES
//     (unix seconds), solves it, and prints the widget's base64 payload.
//   node interop.mjs solve KEY < challenge.json
//     altcha-lib solves the challenge JSON on stdin and verifies the
//     solution with KEY; prints {"payload": "...", "verified": bool}.
//   node interop.mjs verify KEY PAYLOAD
//     prints altcha-lib's verdict on PAYLOAD: true or false.
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';

const [mode, key, ...rest] = process.argv.slice(2);

// payloadOf is the widget's payload: base64 of the solved challenge's JSON.
function payloadOf(challenge, number) {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  return Buffer.from(json, 'utf8').toString('base64');
}

async function solve(challenge) {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('altcha-lib found no solution');
  return solution.number;
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

if (mode === 'create') {
  const [expires, maxNumber] = rest.map(Number);
  const challenge = await createChallenge({ hmacKey: key, expires: new Date(expires * 1000), maxNumber });
  process.stdout.write(payloadOf(challenge, await solve(challenge)));
} else if (mode === 'solve') {
  const challenge = JSON.parse(await readStdin());
  const payload = payloadOf(challenge, await solve(challenge));
  const verified = await verifySolution(payload, key);
  process.stdout.write(JSON.stringify({ payload, verified }));
} else if (mode === 'verify') {
  process.stdout.write(String(await verifySolution(rest[0], key)));
} else {
  console.error('usage: interop.mjs create KEY EXPIRES MAXNUMBER | solve KEY < challenge.json | verify KEY PAYLOAD');
  process.exit(2);
}
